import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZCatalogueResponse, ZModelListResponse } from '../../src/shared/contract/models';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;
let school: string;

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await makeUser(t, 'head@school.test');
  member = await makeUser(t, 'member@school.test');
  stranger = await makeUser(t, 'stranger@elsewhere.test');
  school = await makeOrg(t, 'School', admin, [member]);
  await makeOrg(t, 'Elsewhere', stranger);
});

const list = (nodeType: string, token?: string, orgId?: string) =>
  t.call('GET', `/api/models?nodeType=${nodeType}`, { token, orgId });

describe('[CREDITS] the model catalogue', () => {
  it('lists a node type’s models by price, with the spec’s prices and disabled-by-default models', async () => {
    const res = await list('processNode', member.token);
    expect(res.status).toBe(200);
    const { data, defaultModel } = ZModelListResponse.parse(res.body);
    expect(defaultModel).toBe('gpt-5-mini');
    const prices = data.map((m) => m.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byCode = Object.fromEntries(data.map((m) => [m.code, m]));
    expect(byCode['gpt-5']).toMatchObject({
      name: 'GPT-5',
      price: 1.250375,
      unit: 'tokens1k',
      disabled: false,
    });
    expect(byCode['gpt-4o']).toMatchObject({ price: 5, disabled: false });
    for (const off of [
      'gpt-3.5-turbo',
      'gpt-4-turbo',
      'gpt-4o-search-preview',
      'grok-3',
      'grok-3-mini',
      'grok-4-heavy',
      'grok-code-fast-1',
    ]) {
      expect(byCode[off]?.disabled, off).toBe(true);
    }
    const audio = ZModelListResponse.parse((await list('textToSpeechNode', member.token)).body).data;
    expect(audio.every((m) => m.price === 0 && m.unit === 'minute')).toBe(true);
    const vector = ZModelListResponse.parse(
      (await list('loadKnowledgeByBankIDNode', member.token)).body,
    ).data;
    expect(vector.find((m) => m.code === 'custom-vector-db')?.price).toBe(0.01);
  });

  it('answers 400 for a node type without models and 401 signed out', async () => {
    expect((await list('beginNode', member.token)).status).toBe(400);
    expect((await list('nope\u0000', member.token)).status).toBe(400);
    expect((await t.call('GET', '/api/models', { token: member.token })).body.message).toContain('nodeType');
    expect((await list('processNode')).status).toBe(401);
    expect((await list('processNode', stranger.token, school)).status).toBe(403);
  });

  it('organisation admins disable and add models per node type; members see the result, other spaces do not', async () => {
    const body = {
      disableModel: { processNode: ['gpt-5-mini', 'gpt-4o', 'gpt-4o'] },
      additionalModel: { processNode: ['grok-3'], generateImageNode: ['dall-e-2'] },
    };
    const save = (token: string | undefined) =>
      t.call('PUT', '/api/models/organization', { token, orgId: school, body });
    expect((await save(member.token)).status).toBe(403);
    expect((await save(stranger.token)).status).toBe(403);
    expect((await save(undefined)).status).toBe(401);
    const ok = await save(admin.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.disableModel).toEqual({ processNode: ['gpt-5-mini', 'gpt-4o'] });

    const seen = ZModelListResponse.parse((await list('processNode', member.token, school)).body);
    const byCode = Object.fromEntries(seen.data.map((m) => [m.code, m]));
    expect([byCode['gpt-5-mini'].disabled, byCode['gpt-4o'].disabled, byCode['grok-3'].disabled]).toEqual([
      true,
      true,
      false,
    ]);
    // The default is switched off: the first enabled model stands in.
    expect(seen.defaultModel).toBe('gpt-5-nano');
    // Returned with the organisation (spec 02 §3).
    const orgs = (await t.call('GET', '/api/users/organizations', { token: member.token })).body.data;
    expect(orgs[0].additionalModel).toEqual({ processNode: ['grok-3'], generateImageNode: ['dall-e-2'] });
    // The personal space keeps the catalogue's defaults.
    const personal = ZModelListResponse.parse((await list('processNode', member.token)).body);
    expect(personal.data.find((m) => m.code === 'gpt-5-mini')?.disabled).toBe(false);

    const catalogue = ZCatalogueResponse.parse(
      (await t.call('GET', '/api/models/catalogue', { token: admin.token, orgId: school })).body,
    );
    expect(catalogue.canEdit).toBe(true);
    expect(
      catalogue.data
        .find((n) => n.nodeType === 'generateImageNode')
        ?.models.find((m) => m.code === 'dall-e-2')?.disabled,
    ).toBe(false);
    const catalogueAs = (token?: string) => t.call('GET', '/api/models/catalogue', { token, orgId: school });
    expect([(await catalogueAs(stranger.token)).status, (await catalogueAs(undefined)).status]).toEqual([
      403, 401,
    ]);
    const memberView = ZCatalogueResponse.parse(
      (await t.call('GET', '/api/models/catalogue', { token: member.token, orgId: school })).body,
    );
    expect(memberView.canEdit).toBe(false);
  });

  it('refuses unknown node types and model codes with 400 naming them', async () => {
    const save = (body: unknown) =>
      t.call('PUT', '/api/models/organization', { token: admin.token, orgId: school, body });
    const a = await save({ disableModel: { beginNode: ['gpt-5'] } });
    expect([a.status, a.body.message]).toEqual([
      400,
      'disableModel.beginNode: is not a node type with models',
    ]);
    const b = await save({ additionalModel: { processNode: ['gpt-9'] } });
    expect([b.status, b.body.message]).toEqual([
      400,
      "additionalModel.processNode: 'gpt-9' is not a model of the catalogue",
    ]);
    expect((await save({ disableModel: { processNode: 'gpt-5' } })).status).toBe(400);
    expect((await save({ disableModel: { processNode: ['a\u0000'] } })).status).toBe(400);
    expect((await t.call('PUT', '/api/models/organization', { token: admin.token, body: {} })).status).toBe(
      400,
    );
  });
});
