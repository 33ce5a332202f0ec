import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, buildAssignmentWorld } from './helpers/assignment-world';
import { liveAssignment, liveReader, openLive } from './helpers/live';

/**
 * One live lesson served by two app instances on one PostgreSQL: the projector's stream on
 * one, the phones' on the other, every change made through either. Their only link is PostgreSQL's
 * LISTEN/NOTIFY. PostgreSQL only: PGlite is one process's database by design.
 */
const url = process.env.TEST_DATABASE_URL;
let a: TestApp;
let b: TestApp;
let w: AssignmentWorld;

describe.skipIf(!url)('[LIVE] two app instances on one PostgreSQL share a live lesson', () => {
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
    w = await buildAssignmentWorld(a);
  }, APP_START_MS);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('steps, joins and answers made on one instance reach the streams of the other', async () => {
    const asg = await liveAssignment(w);
    const owner = { token: w.users.owner.token, orgId: w.org };
    const pupil = { token: w.users.participant.token };
    const started = await a.call('POST', `/api/assignment/${asg._id}/live`, { ...owner, body: {} });
    expect(started.status).toBe(201);
    const sessionId = started.body.data._id as string;
    const projector = liveReader(
      await openLive(b, `/api/assignment/${asg._id}/live/events`, owner.token, w.org),
    );
    expect(await projector.next()).toMatchObject({ type: 'state', state: { step: 0 } });

    await a.call('POST', `/api/player/assignment/${asg._id}/live/join`, pupil);
    expect(await projector.next()).toMatchObject({ type: 'joined', memberCount: 1 });
    const phone = liveReader(await openLive(a, `/api/player/assignment/${asg._id}/live/events`, pupil.token));
    expect(await phone.next()).toMatchObject({ type: 'state', state: { step: 0 } });

    const body = { sessionId, step: 0, nodeId: 'n1', answer: { choices: ['a'] } };
    expect(
      (await a.call('POST', `/api/player/assignment/${asg._id}/live/answers`, { ...pupil, body })).status,
    ).toBe(200);
    expect(await projector.next()).toMatchObject({ type: 'answer', step: 0, answer: { choices: ['a'] } });

    const moved = Date.now();
    await b.call('POST', `/api/assignment/${asg._id}/live/control`, { ...owner, body: { action: 'next' } });
    expect(await phone.next()).toMatchObject({ type: 'state', state: { step: 1 } });
    // Every phone shows the step within a second.
    expect(Date.now() - moved).toBeLessThan(1000);
    expect(await projector.next()).toMatchObject({ type: 'state', state: { step: 1 } });

    await b.call('POST', `/api/assignment/${asg._id}/live/control`, { ...owner, body: { action: 'end' } });
    expect(await phone.next((e) => e === 'DONE')).toBe('DONE');
    expect(await projector.next((e) => e === 'DONE')).toBe('DONE');
  });
});
