import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchRoute, Route, Router, Switch, useRouter } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HOME_ROUTES } from '../../src/app/route-table';

/** /{orgCode}/automation/{assignmentId} (spec 03 §2) used to be a not-found page. */

const ID = '0123456789abcdef01234567';

/** The route table's first match for `path`, as the app's Switch picks it. */
function routeFor(path: string) {
  const parser = defaultParser();
  return HOME_ROUTES.find((r) => matchRoute(parser, r.path, path)[0]);
}
/** The path parser a Router uses by default (the app does not set its own). */
function defaultParser() {
  let parser: ReturnType<typeof useRouter>['parser'] | undefined;
  function Probe() {
    parser = useRouter().parser;
    return null;
  }
  render(<Probe />);
  if (!parser) throw new Error('no router parser');
  return parser;
}

describe('[AUTOMATION] the automation route that carries an id', () => {
  it('the task pages keep their own routes; only a bare id goes to the new page', () => {
    expect(routeFor(`/personal/automation/task/${ID}`)?.path).toBe('/:orgCode/automation/task/:taskId');
    expect(routeFor('/personal/automation/api-keys/activity')?.path).toBe(
      '/:orgCode/automation/api-keys/activity',
    );
    const byId = routeFor(`/school/automation/${ID}`);
    expect(byId?.path).toBe('/:orgCode/automation/:assignmentId');
    expect(byId?.load).toBeTypeOf('function');
  });

  it('opens that task at /{orgCode}/automation/task/{id}, replacing the history entry', async () => {
    const def = routeFor(`/school/automation/${ID}`);
    const Page = (await def?.load?.())?.default;
    if (!Page) throw new Error('the route loads no page');
    const { hook, history } = memoryLocation({ path: `/school/automation/${ID}`, record: true });
    render(
      <Router hook={hook}>
        <Switch>
          <Route path="/:orgCode/automation/task/:taskId">
            {(p) => <p data-testid="task">{`${p.orgCode} ${p.taskId}`}</p>}
          </Route>
          <Route path={def?.path ?? ''} component={Page} />
        </Switch>
      </Router>,
    );
    await waitFor(() => expect(history.at(-1)).toBe(`/school/automation/task/${ID}`));
    expect(history).toHaveLength(1);
    expect((await screen.findByTestId('task')).textContent).toBe(`school ${ID}`);
  });
});
