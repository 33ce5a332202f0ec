import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTemplate } from '../../src/server/prompt-templates/prompt-templates.repo';
import {
  PROMPT_TEMPLATE_LIMITS as L,
  PromptTemplateMessage,
  ZPromptTemplateListResponse,
  ZPromptTemplateResponse,
} from '../../src/shared/contract/prompt-templates';
import { newId } from '../../src/shared/domain/ids';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, type KeyWorld } from './helpers/api-keys';
import type { TestUser } from './helpers/users';

/** /api/prompt-templates (spec 03 §3): CRUD per space, access, 400s, limits. */

let t: TestApp;
let w: KeyWorld;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
});
afterAll(() => t.close());

const essay = {
  name: '  Essay coach ',
  description: 'Feedback on a paragraph',
  systemPrompt: 'You coach {{level}} writers.',
  userPrompt: 'Comment on: {{paragraph}}',
  compatibleModel: [{ name: 'GPT', model: 'gpt-4o-mini', description: '' }],
  selectedModel: 'gpt-4o-mini',
  generateTextUsing: 'selectedModel',
  sections: [
    {
      name: 'Writer',
      fields: [
        { label: 'Level', name: 'level', type: 'text', value: 'beginner' },
        { label: 'Paragraph', name: 'paragraph', type: 'textarea', required: true, maxLength: 2000 },
      ],
    },
  ],
  icon: '✍️',
};

type Who = { user: TestUser; orgId?: string | null };
const as = (who: Who) => ({ token: who.user.token, orgId: who.orgId ?? undefined });
async function create(who: Who, body: unknown = essay) {
  const res = await t.call('POST', '/api/prompt-templates', { ...as(who), body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZPromptTemplateResponse.parse(res.body).data;
}

describe('[TEMPLATES] prompt templates API', () => {
  it('creates, lists, reads, updates and deletes in an organisation; defaults filled in', async () => {
    const dev = { user: w.dev, orgId: w.school };
    const made = await create(dev);
    expect(made).toMatchObject({ name: 'Essay coach', orgId: w.school, ownerId: w.dev.id, canEdit: true });
    expect(made.sections[0].fields[0]).toMatchObject({ required: false, maxLength: null, placeholder: '' });

    const list = ZPromptTemplateListResponse.parse(
      (await t.call('GET', '/api/prompt-templates', as({ user: w.other, orgId: w.school }))).body,
    );
    expect(list.templates.map((x) => [x.name, x.canEdit])).toEqual([['Essay coach', false]]);

    const read = await t.call('GET', `/api/prompt-templates/${made.id}`, as(dev));
    expect(read.status).toBe(200);
    expect(read.body.data.userPrompt).toBe('Comment on: {{paragraph}}');

    const put = await t.call('PUT', `/api/prompt-templates/${made.id}`, {
      ...as(dev),
      body: { ...essay, name: 'Essay coach 2', sections: [] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ name: 'Essay coach 2', sections: [] });

    const searched = await t.call('GET', '/api/prompt-templates?keyword=coach%202', as(dev));
    expect(searched.body.total).toBe(1);
    expect((await t.call('GET', '/api/prompt-templates?keyword=nothing', as(dev))).body.total).toBe(0);

    expect((await t.call('DELETE', `/api/prompt-templates/${made.id}`, as(dev))).status).toBe(200);
    expect((await t.call('GET', `/api/prompt-templates/${made.id}`, as(dev))).status).toBe(404);
  });

  it('members read; only the author and admins write; other members get 403', async () => {
    const made = await create({ user: w.dev, orgId: w.school });
    const other = { user: w.other, orgId: w.school };
    const body = { ...essay, name: 'Taken over' };
    expect((await t.call('GET', `/api/prompt-templates/${made.id}`, as(other))).status).toBe(200);
    expect((await t.call('PUT', `/api/prompt-templates/${made.id}`, { ...as(other), body })).status).toBe(
      403,
    );
    expect((await t.call('DELETE', `/api/prompt-templates/${made.id}`, as(other))).status).toBe(403);
    const head = { user: w.head, orgId: w.school };
    expect((await t.call('PUT', `/api/prompt-templates/${made.id}`, { ...as(head), body })).status).toBe(200);
    expect((await t.call('DELETE', `/api/prompt-templates/${made.id}`, as(head))).status).toBe(200);
  });

  it('another space never sees or touches a template: 404, and lists stay apart', async () => {
    const school = await create({ user: w.dev, orgId: w.school });
    const personal = await create({ user: w.dev }, { ...essay, name: 'Mine' });
    const outsider = { user: w.outsider, orgId: w.elsewhere };
    for (const id of [school.id, personal.id]) {
      expect((await t.call('GET', `/api/prompt-templates/${id}`, as(outsider))).status).toBe(404);
      expect(
        (await t.call('PUT', `/api/prompt-templates/${id}`, { ...as(outsider), body: essay })).status,
      ).toBe(404);
      expect((await t.call('DELETE', `/api/prompt-templates/${id}`, as(outsider))).status).toBe(404);
    }
    // The personal template is not in the organisation, and another user's personal space is empty.
    expect(
      (await t.call('GET', `/api/prompt-templates/${personal.id}`, as({ user: w.dev, orgId: w.school })))
        .status,
    ).toBe(404);
    expect((await t.call('GET', `/api/prompt-templates/${personal.id}`, as({ user: w.head }))).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/prompt-templates', as({ user: w.dev }))).body.templates).toHaveLength(
      1,
    );
    expect((await t.call('GET', '/api/prompt-templates', as(outsider))).body.total).toBe(0);
    // Not a member of the organisation at all: 403 from the space check.
    expect(
      (await t.call('GET', '/api/prompt-templates', as({ user: w.outsider, orgId: w.school }))).status,
    ).toBe(403);
    expect((await t.call('GET', '/api/prompt-templates')).status).toBe(401);
  });

  it('bad input answers 400 naming the field', async () => {
    const field = essay.sections[0].fields[1];
    const cases: Array<[unknown, RegExp]> = [
      [{ ...essay, name: '' }, /^name: is required/],
      [{ ...essay, name: 'x'.repeat(L.name + 1) }, /^name: /],
      [{ ...essay, systemPrompt: '', userPrompt: ' ' }, /^userPrompt: is required/],
      [{ ...essay, userPrompt: 'x'.repeat(L.prompt + 1) }, /^userPrompt: /],
      [{ ...essay, generateTextUsing: 'magic' }, /^generateTextUsing: /],
      [{ ...essay, selectedModel: '', generateTextUsing: 'selectedModel' }, /^selectedModel: is required/],
      [{ ...essay, sections: [{ fields: [{ ...field, name: '1bad' }] }] }, /^sections\.0\.fields\.0\.name: /],
      [{ ...essay, sections: [{ fields: [{ ...field, type: 'date' }] }] }, /^sections\.0\.fields\.0\.type: /],
      [{ ...essay, sections: [{ fields: [field, field] }] }, /^sections\.0\.fields\.1\.name: is used twice/],
      [
        { ...essay, sections: [{ fields: [{ ...field, maxLength: 3, value: 'four' }] }] },
        /^sections\.0\.fields\.0\.value: /,
      ],
      [{ ...essay, compatibleModel: [{ name: 'A' }] }, /^compatibleModel\.0\.model: /],
      [{ ...essay, name: 'a\u0000b' }, /^name: /],
    ];
    const dev = { user: w.dev, orgId: w.school };
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/api/prompt-templates', { ...as(dev), body });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const badId = await t.call('GET', '/api/prompt-templates/nope', as(dev));
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/^id: /);
    const made = await create(dev);
    const badPut = await t.call('PUT', `/api/prompt-templates/${made.id}`, { ...as(dev), body: { name: 5 } });
    expect(badPut.status).toBe(400);
    expect(badPut.body.message).toMatch(/^name: /);
  });

  it('holds the stated limits on sections and fields', async () => {
    const f = (i: number) => ({ label: `F${i}`, name: `f${i}` });
    const dev = { user: w.dev, orgId: w.school };
    const post = (sections: unknown) =>
      t.call('POST', '/api/prompt-templates', { ...as(dev), body: { ...essay, sections } });
    const tooManySections = Array.from({ length: L.sections + 1 }, () => ({ fields: [] }));
    expect((await post(tooManySections)).body.message).toMatch(/^sections: /);
    const wide = [{ fields: Array.from({ length: L.fieldsPerSection + 1 }, (_, i) => f(i)) }];
    expect((await post(wide)).body.message).toMatch(/^sections\.0\.fields: /);
    // 3 sections of 20 = 60 fields: each section is within its limit, the template is not.
    const many = Array.from({ length: 3 }, (_, s) => ({
      fields: Array.from({ length: L.fieldsPerSection }, (_, i) => f(s * 100 + i)),
    }));
    const res = await post(many);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^sections: .*${L.fields}`));
    const atLimit = many.slice(0, 2).concat([{ fields: many[2].fields.slice(0, L.fields - 40) }]);
    expect((await post(atLimit)).status).toBe(201);
  });

  it(`refuses a space's template number ${L.list + 1}, and only in that space`, async () => {
    for (let i = 0; i < L.list; i += 1)
      await insertTemplate(t.database.db, {
        id: newId(),
        ownerId: w.dev.id,
        orgId: null,
        name: `T${i}`,
        userPrompt: 'x',
      });
    const full = await t.call('POST', '/api/prompt-templates', { ...as({ user: w.dev }), body: essay });
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(PromptTemplateMessage.tooMany);
    await create({ user: w.dev, orgId: w.school });
  });
});
