import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/errors';
import { createLrsService, lrsSpace } from '../../src/server/lrs';
import { type JsonObject, withFlowlearnContext } from '../../src/shared/domain/xapi';
import { APP_START_MS, type TestApp } from './harness';
import { makeUser } from './helpers/users';
import { createLrsTestApp, statement, xapiClient } from './helpers/xapi';

let t: TestApp;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('[LRS] service for the other areas', () => {
  it('the player stores with assignment context; reports filter by assignment, verb and actor and page with next', async () => {
    const lrs = createLrsService(t.deps);
    const user = await makeUser(t, 'teacher@school.test');
    const space = lrsSpace({ orgId: null, userId: user.id });
    const mk = (assignmentId: string, verb: string, mbox: string) =>
      withFlowlearnContext(
        statement({ actor: { mbox }, verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` } }) as JsonObject,
        { assignmentId, flowId: 'flow-1' },
      );
    const ids = await lrs.storeStatements(space, [
      mk('a1', 'answered', 'mailto:ann@x.test'),
      mk('a1', 'answered', 'mailto:bob@x.test'),
      mk('a1', 'completed', 'mailto:ann@x.test'),
      mk('a2', 'answered', 'mailto:ann@x.test'),
    ]);
    expect(ids).toHaveLength(4);
    const answered = await lrs.queryStatements(space, {
      assignmentId: 'a1',
      verb: 'http://adlnet.gov/expapi/verbs/answered',
    });
    expect(answered.statements).toHaveLength(2);
    const ann = await lrs.queryStatements(
      space,
      { assignmentId: 'a1', actor: 'mbox:mailto:ann@x.test' },
      { limit: 1 },
    );
    expect(ann.statements).toHaveLength(1);
    expect(ann.next).not.toBeNull();
    const rest = await lrs.queryStatements(
      space,
      { assignmentId: 'a1', actor: 'mbox:mailto:ann@x.test' },
      { limit: 1, cursor: ann.next },
    );
    expect(rest.statements).toHaveLength(1);
    expect(rest.next).toBeNull();
    expect((await lrs.getStatement(space, ids[0]))?.authority).toMatchObject({ name: 'Flowlearn' });

    // The same store answers over HTTP to the space's credentials.
    const http = await xapiClient(t, user);
    const res = await http.call('GET', '/xapi/statements?verb=http://adlnet.gov/expapi/verbs/completed');
    expect(res.body.statements.map((s: { id: string }) => s.id)).toEqual([ids[2]]);
  });

  it('refuses an invalid statement with a 400 AppError naming the property', async () => {
    const lrs = createLrsService(t.deps);
    const error = await lrs.storeStatements('user:x', [{ actor: {} }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toMatch(/^statement\.actor/);
  });
});
