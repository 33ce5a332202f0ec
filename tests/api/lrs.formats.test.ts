import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, statement, uuid, type XapiClient } from './helpers/xapi';

let t: TestApp;
let lrs: XapiClient;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  lrs = (await lrsWorld(t)).org;
});

const ann = { objectType: 'Agent', name: 'Ann', mbox: 'mailto:ann@school.test' };
const bob = { name: 'Bob', account: { homePage: 'https://school.test', name: 'bob' } };
const team = { objectType: 'Group', name: 'Team A', mbox: 'mailto:team-a@school.test', member: [ann] };
const pair = { objectType: 'Group', name: 'Pair', member: [ann, bob] };
const verb = { id: 'http://x.test/verbs/answered', display: { 'en-GB': 'answered', 'th-TH': 'ตอบ' } };
const quiz = {
  objectType: 'Activity',
  id: 'http://x.test/quiz',
  definition: {
    name: { 'en-GB': 'Quiz', 'th-TH': 'แบบทดสอบ' },
    description: { 'en-GB': 'Pick one', 'th-TH': 'เลือกหนึ่ง' },
    interactionType: 'choice',
    choices: [{ id: 'a', description: { 'en-GB': 'Apple', 'th-TH': 'แอปเปิล' } }],
    extensions: { 'http://x.test/ext': { name: { 'en-GB': 'kept as sent' } } },
  },
};
// A verb IRI that is also an activity of the space (tools do reuse IRIs): still a verb.
const plainVerb = 'http://x.test/course';
const parent = { id: 'http://x.test/course', definition: { name: { 'en-GB': 'Course', 'th-TH': 'หลักสูตร' } } };

/** A statement with every kind of object in every place: actor, object, context, sub-statement. */
function everyKind(id: string) {
  return statement({
    id,
    actor: pair,
    verb,
    object: {
      objectType: 'SubStatement',
      actor: team,
      verb: { id: plainVerb },
      object: quiz,
      context: { instructor: bob, contextActivities: { parent: [parent] } },
    },
    context: { instructor: ann, team, contextActivities: { parent: [parent], grouping: [quiz] } },
  });
}

async function get(id: string, format: string, language?: string) {
  const res = await lrs.call('GET', `/xapi/statements?statementId=${id}&format=${format}`, {
    headers: language ? { 'Accept-Language': language } : {},
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('[LRS] format=ids, exact, canonical for every object kind', () => {
  it('ids: agents and identified groups by IFI, anonymous groups by members, activities and verbs by id', async () => {
    const id = uuid();
    expect((await lrs.call('POST', '/xapi/statements', { body: everyKind(id) })).status).toBe(200);
    const s = await get(id, 'ids');
    const annIds = { objectType: 'Agent', mbox: 'mailto:ann@school.test' };
    const bobIds = { account: bob.account };
    const teamIds = { objectType: 'Group', mbox: 'mailto:team-a@school.test' };
    expect(s.actor).toEqual({ objectType: 'Group', member: [annIds, bobIds] });
    expect(s.verb).toEqual({ id: verb.id });
    expect(s.object).toEqual({
      objectType: 'SubStatement',
      actor: teamIds,
      verb: { id: plainVerb },
      object: { objectType: 'Activity', id: quiz.id },
      context: { instructor: bobIds, contextActivities: { parent: [{ id: parent.id }] } },
    });
    expect(s.context.instructor).toEqual(annIds);
    expect(s.context.team).toEqual(teamIds);
    expect(s.context.contextActivities).toEqual({
      parent: [{ id: parent.id }],
      grouping: [{ objectType: 'Activity', id: quiz.id }],
    });
    expect(s.authority.name).toBeUndefined();
    expect(s.authority.account).toBeDefined();
    expect(s.id).toBe(id);
    expect(s.stored).toBeDefined();
  });

  it('exact returns what was sent; canonical reduces every language map to the best match', async () => {
    const id = uuid();
    await lrs.call('POST', '/xapi/statements', { body: everyKind(id) });
    const exact = await get(id, 'exact');
    expect(exact.actor).toEqual(pair);
    expect(exact.object.object).toEqual(quiz);
    expect(exact.verb).toEqual(verb);

    const s = await get(id, 'canonical', 'th, en-GB;q=0.5');
    expect(s.actor).toEqual(pair);
    expect(s.verb.display).toEqual({ 'th-TH': 'ตอบ' });
    const def = s.object.object.definition;
    expect(def.name).toEqual({ 'th-TH': 'แบบทดสอบ' });
    expect(def.description).toEqual({ 'th-TH': 'เลือกหนึ่ง' });
    expect(def.choices).toEqual([{ id: 'a', description: { 'th-TH': 'แอปเปิล' } }]);
    expect(def.extensions).toEqual(quiz.definition.extensions);
    // A verb without display is a verb, not an activity: it gets no definition.
    expect(s.object.verb).toEqual({ id: plainVerb });
    expect(s.object.context.contextActivities.parent[0].definition.name).toEqual({ 'th-TH': 'หลักสูตร' });
    expect(s.context.contextActivities.grouping[0].definition.name).toEqual({ 'th-TH': 'แบบทดสอบ' });

    const english = await get(id, 'canonical', 'en-US');
    expect(english.verb.display).toEqual({ 'en-GB': 'answered' });
    expect(english.context.contextActivities.parent[0].definition.name).toEqual({ 'en-GB': 'Course' });
  });

  it('canonical gives an activity sent without a definition the one the space holds, and formats queries too', async () => {
    await lrs.call('POST', '/xapi/statements', { body: statement({ object: quiz }) });
    const bare = uuid();
    await lrs.call('POST', '/xapi/statements', { body: statement({ id: bare, object: { id: quiz.id } }) });
    expect((await get(bare, 'canonical', 'en')).object.definition.name).toEqual({ 'en-GB': 'Quiz' });
    const page = await lrs.call('GET', `/xapi/statements?format=ids&activity=${encodeURIComponent(quiz.id)}`);
    expect(page.status).toBe(200);
    expect(page.body.statements).toHaveLength(2);
    for (const s of page.body.statements) expect(s.object.definition).toBeUndefined();
  });

  it('another space does not see the definitions of this one', async () => {
    await lrs.call('POST', '/xapi/statements', { body: statement({ object: quiz }) });
    const other = (await lrsWorld(t)).org;
    const id = uuid();
    await other.call('POST', '/xapi/statements', { body: statement({ id, object: { id: quiz.id } }) });
    const res = await other.call('GET', `/xapi/statements?statementId=${id}&format=canonical`);
    expect(res.body.object).toEqual({ id: quiz.id });
  });
});
