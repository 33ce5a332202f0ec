import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { goToNext } from '../auth.paths';

/** wouter's Redirect for a sign-in `next`, which may lead out of the editor to the learner app. */
export function NextRedirect({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => goToNext(to, navigate), [to, navigate]);
  return null;
}
