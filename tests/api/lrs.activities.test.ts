import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, statement, type XapiClient } from './helpers/xapi';

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

const ID = 'http://x.test/quiz/1';
const EXT = 'http://x.test/ext/';
const activity = (definition: Record<string, unknown>) => ({ objectType: 'Activity', id: ID, definition });
const post = async (client: XapiClient, body: unknown) =>
  expect((await client.call('POST', '/xapi/statements', { body })).status).toBe(200);
const fetchActivity = async (client: XapiClient) => {
  const res = await client.call('GET', `/xapi/activities?activityId=${encodeURIComponent(ID)}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('[LRS] the Activities resource merges every statement', () => {
  it('later statements add languages, extensions and interaction components; later values win', async () => {
    await post(
      lrs,
      statement({
        object: activity({
          name: { 'en-GB': 'Fruit quiz' },
          interactionType: 'choice',
          moreInfo: 'https://x.test/old',
          choices: [{ id: 'apple', description: { 'en-GB': 'Apple' } }],
          extensions: { [`${EXT}level`]: 1 },
        }),
      }),
    );
    await post(
      lrs,
      statement({
        object: activity({
          name: { 'th-TH': 'แบบทดสอบผลไม้' },
          description: { 'th-TH': 'เลือกผลไม้' },
          interactionType: 'choice',
          moreInfo: 'https://x.test/new',
          choices: [
            { id: 'apple', description: { 'th-TH': 'แอปเปิล' } },
            { id: 'pear', description: { 'th-TH': 'ลูกแพร์' } },
          ],
          extensions: { [`${EXT}minutes`]: 5 },
        }),
      }),
    );
    // A bare mention of the activity takes nothing away.
    await post(lrs, statement({ object: { id: ID } }));
    expect(await fetchActivity(lrs)).toEqual({
      objectType: 'Activity',
      id: ID,
      definition: {
        name: { 'en-GB': 'Fruit quiz', 'th-TH': 'แบบทดสอบผลไม้' },
        description: { 'th-TH': 'เลือกผลไม้' },
        interactionType: 'choice',
        moreInfo: 'https://x.test/new',
        choices: [
          { id: 'apple', description: { 'en-GB': 'Apple', 'th-TH': 'แอปเปิล' } },
          { id: 'pear', description: { 'th-TH': 'ลูกแพร์' } },
        ],
        extensions: { [`${EXT}level`]: 1, [`${EXT}minutes`]: 5 },
      },
    });
  });

  it('merges within one batch, from context activities and sub-statements too', async () => {
    const parentOf = (name: Record<string, string>) => ({
      context: { contextActivities: { parent: [activity({ name })] } },
    });
    await post(lrs, [
      statement(parentOf({ 'en-GB': 'Fruit quiz' })),
      statement({
        object: {
          objectType: 'SubStatement',
          ...statement(parentOf({ 'ms-MY': 'Kuiz buah' })),
        },
      }),
      statement({ object: activity({ name: { 'zh-CN': '水果测验' } }) }),
    ]);
    expect((await fetchActivity(lrs)).definition.name).toEqual({
      'en-GB': 'Fruit quiz',
      'ms-MY': 'Kuiz buah',
      'zh-CN': '水果测验',
    });
  });

  it("another space's definitions are never shown; bad input is 400", async () => {
    await post(lrs, statement({ object: activity({ name: { 'en-GB': 'Secret quiz' } }) }));
    const other = (await lrsWorld(t)).org;
    expect(await fetchActivity(other)).toEqual({ objectType: 'Activity', id: ID });
    await post(other, statement({ object: activity({ name: { 'th-TH': 'ของเรา' } }) }));
    expect((await fetchActivity(other)).definition.name).toEqual({ 'th-TH': 'ของเรา' });
    expect((await fetchActivity(lrs)).definition.name).toEqual({ 'en-GB': 'Secret quiz' });
    const bad = await lrs.call('GET', '/xapi/activities?activityId=not-an-iri');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^activityId/);
    expect((await lrs.call('GET', '/xapi/activities')).status).toBe(400);
  });
});
