import { expect, it } from 'vitest';
import { CMI5_AU, cmi5Package } from '../fixtures/packages';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, worldPerTest } from './helpers/assignment-world';
import { startSession, VERB } from './helpers/cmi5-session';
import { packageAssignment, xapi } from './helpers/package-launch';
import { xapiClient } from './helpers/xapi';

/**
 * What the LMS refuses of statements sent with a cmi5 session's launch credentials (cmi5 §6.3, §9.3):
 * anything after the session's "terminated" or "abandoned", a "passed" below masteryScore or a "failed"
 * at or above it, a verb said twice in a session, a second "completed" or "passed" in a registration,
 * and "failed" after "passed". What the rules allow still lands, and plain xAPI clients are not judged.
 */

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const REGISTRATION = '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';

const course = (au: Record<string, string>) => packageAssignment(w, 'cmi5', cmi5Package(au));
const open = (where: Awaited<ReturnType<typeof course>>) =>
  startSession(t, w.users.participant.token, where, REGISTRATION);

const verbsOf = async (auth: string, verb: string) => {
  const res = await xapi(t, 'GET', `statements?${new URLSearchParams({ verb: VERB(verb) })}`, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.statements as unknown[];
};

it('[PLAYER] cmi5: after "terminated" the session takes nothing more; a plain xAPI client is not judged', async () => {
  const where = await course({ moveOn: 'Completed' });
  const s = await open(where);
  for (const verb of ['initialized', 'completed', 'terminated'])
    expect((await s.say(verb)).status, verb).toBe(200);
  const late = await xapi(t, 'POST', 'statements', s.auth, {
    actor: s.actor,
    verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
    object: { objectType: 'Activity', id: `${CMI5_AU}/page-2` },
  });
  expect(late.status).toBe(403);
  expect(late.body.message).toMatch(/statement 0: .*terminated/);

  // The space's own key is no cmi5 session: the same statements land.
  const org = await xapiClient(t, w.users.head, w.org);
  const plain = {
    actor: s.actor,
    verb: { id: VERB('completed') },
    object: { objectType: 'Activity', id: CMI5_AU },
    context: { registration: REGISTRATION },
  };
  for (let i = 0; i < 2; i++)
    expect((await org.call('POST', '/xapi/statements', { body: plain })).status).toBe(200);
});

it('[PLAYER] cmi5: a newer launch abandons the open session, which then takes nothing more', async () => {
  const where = await course({ moveOn: 'Completed' });
  const first = await open(where);
  expect((await first.say('initialized')).status).toBe(200);
  const second = await open(where);
  expect(await verbsOf(second.auth, 'abandoned')).toHaveLength(1);
  const late = await first.say('completed');
  expect(late.status).toBe(403);
  expect(late.body.message).toMatch(/abandoned/);
  // The new session is open: its statements land and the course is satisfied.
  expect((await second.say('initialized')).status).toBe(200);
  expect((await second.say('completed')).status).toBe(200);
  expect(await verbsOf(second.auth, 'satisfied')).toHaveLength(1);
});

it('[PLAYER] cmi5: "passed" below masteryScore and "failed" at or above it are refused; one of them per session', async () => {
  const where = await course({ moveOn: 'Passed', masteryScore: '0.8' });
  const s = await open(where);
  const failedHigh = await s.say('failed', { success: false, score: { scaled: 0.8 } });
  expect(failedHigh.status).toBe(403);
  expect(failedHigh.body.message).toMatch(/"failed".*masteryScore 0\.8/);
  expect((await s.say('failed', { success: false, score: { scaled: 0.5 } })).status).toBe(200);
  const both = await s.say('passed', { success: true, score: { scaled: 0.9 } });
  expect(both.status).toBe(403);
  expect(both.body.message).toMatch(/one "passed" or "failed"/);
  expect((await s.say('terminated')).status).toBe(200);

  const retry = await open(where);
  const low = await retry.say('passed', { success: true, score: { scaled: 0.79 } });
  expect(low.status).toBe(403);
  expect(low.body.message).toMatch(/"passed".*below the AU's masteryScore 0\.8/);
  expect(await verbsOf(retry.auth, 'satisfied')).toHaveLength(0);
  expect((await retry.say('passed', { success: true, score: { scaled: 0.8 } })).status).toBe(200);
  expect(await verbsOf(retry.auth, 'satisfied')).toHaveLength(1);
});

it('[PLAYER] cmi5: a second "completed" or "passed" in a registration and "failed" after "passed" are refused; a statement sent again is not a second one', async () => {
  const where = await course({ moveOn: 'CompletedAndPassed' });
  const s = await open(where);
  const id = crypto.randomUUID();
  expect((await s.say('completed', { completion: true }, id)).status).toBe(200);
  // The same statement again (a retry after a lost answer) is stored once, not refused.
  expect((await s.say('completed', { completion: true }, id)).status).toBe(200);
  expect((await s.say('passed', { success: true })).status).toBe(200);
  const twice = await s.say('initialized');
  expect(twice.status).toBe(200);
  expect((await s.say('initialized')).body.message).toMatch(
    /"initialized" was already said in this cmi5 session/,
  );
  expect((await s.say('terminated')).status).toBe(200);

  const next = await open(where);
  const again = await next.say('completed', { completion: true });
  expect(again.status).toBe(403);
  expect(again.body.message).toMatch(/already said "completed" in this registration/);
  expect((await next.say('passed', { success: true })).body.message).toMatch(/already said "passed"/);
  const failed = await next.say('failed', { success: false });
  expect(failed.status).toBe(403);
  expect(failed.body.message).toMatch(/"failed" cannot follow "passed"/);
  // Other verbs of the AU still land in the new session.
  expect((await next.say('initialized')).status).toBe(200);
  expect(await verbsOf(next.auth, 'completed')).toHaveLength(1);
});
