import { subscribe } from 'valtio';
import { connection } from '../../ui/connection';
import { loadAssignments } from './assignments.store';

/**
 * Reloads the assignment list when the connection comes back: after an offline save
 * the list stayed on "could not be loaded" — or on its saved copy — until someone tapped Retry.
 * Answers the unsubscribe, for the page's effect.
 */
export function reloadListWhenOnline(): () => void {
  let was = connection.online;
  return subscribe(connection, () => {
    const now = connection.online;
    if (now && !was) void loadAssignments();
    was = now;
  });
}
