import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import { readPdf } from '../fixtures/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/**
 * PDF from Template and CSV to PDF through the player's block route: a real PDF stored through the
 * storage adapter, downloadable by the learner (signed link) and by the teacher (their own file).
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

async function assignmentWithDocuments() {
  const nodes = [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: {} },
    {
      id: 'cert',
      type: 'pdfFromTemplateNode',
      position: { x: 0, y: 100 },
      data: { template: 'This certifies that {{name}} scored {{score}}.', title: 'Certificate' },
    },
    { id: 'table', type: 'csvToPdfNode', position: { x: 0, y: 200 }, data: { title: 'Scores' } },
    {
      id: 'word',
      type: 'docxToTemplateNode',
      position: { x: 0, y: 300 },
      data: { template: 'Dear {{name}},\nwell done.', title: 'Letter' },
    },
  ];
  await t.database.db.update(flows).set({ nodes }).where(eq(flows.id, w.orgFlows[0]));
  const a = await createAssignment(w);
  const joined = await t.call('POST', '/api/assignment/join', {
    token: w.users.participant.token,
    body: { code: a.code },
  });
  expect(joined.status).toBe(200);
  return `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/block`;
}

const bytesOf = async (path: string, token?: string) => {
  const res = await t.app.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
};

describe('[PLAYER] document blocks', () => {
  it('PDF from Template makes a real PDF the learner and the teacher can download', async () => {
    const path = await assignmentWithDocuments();
    const res = await t.call('POST', path, {
      token: w.users.participant.token,
      body: {
        nodeId: 'cert',
        nodeType: 'pdfFromTemplateNode',
        inputs: { data: { type: 'json', json: { name: 'Pia Pupil', score: 9 } } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = res.body.data.outputs.file;
    expect(file).toMatchObject({ type: 'file', name: 'Certificate.pdf', mediaType: 'application/pdf' });
    expect(file.url).toMatch(/^\/api\/s3\/download\/[0-9a-f]{24}\?exp=\d+&sig=/);

    const learner = await bytesOf(file.url);
    expect(learner.status).toBe(200);
    expect(learner.type).toBe('application/pdf');
    const pdf = await readPdf(learner.bytes);
    expect(pdf.title).toBe('Certificate');
    expect(pdf.text).toContain('This certifies that Pia Pupil scored 9.');

    const plain = file.url.split('?')[0];
    expect((await bytesOf(plain, w.users.owner.token)).status).toBe(200);
    expect((await bytesOf(plain, w.users.outsider.token)).status).toBe(404);
  });

  it('CSV to PDF puts the rows in a table; another space’s user is refused; bad rows are a 400', async () => {
    const path = await assignmentWithDocuments();
    const body = {
      nodeId: 'table',
      nodeType: 'csvToPdfNode',
      inputs: {
        csv: {
          type: 'csv',
          rows: [
            ['Name', 'Score'],
            ['Pia', '9'],
          ],
        },
      },
    };
    const res = await t.call('POST', path, { token: w.users.participant.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pdf = await readPdf((await bytesOf(res.body.data.outputs.file.url)).bytes);
    expect(pdf.text).toContain('Score');
    expect(pdf.text).toContain('Pia');

    expect((await t.call('POST', path, { token: w.users.outsider.token, body })).status).toBe(403);
    const bad = await t.call('POST', path, {
      token: w.users.participant.token,
      body: { ...body, inputs: { csv: { type: 'csv', rows: 'Name,Score' } } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('inputs.csv');
  });

  it('Word Document from Template makes a .docx that unzips and holds the filled text', async () => {
    const path = await assignmentWithDocuments();
    const res = await t.call('POST', path, {
      token: w.users.participant.token,
      body: {
        nodeId: 'word',
        nodeType: 'docxToTemplateNode',
        inputs: { data: { type: 'json', json: { name: 'Pia' } } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.ok, JSON.stringify(res.body)).toBe(true);
    const file = res.body.data.outputs.file;
    expect(file.name).toBe('Letter.docx');
    const got = await bytesOf(file.url);
    expect(got.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const xml = strFromU8(unzipSync(got.bytes)['word/document.xml']);
    expect(xml).toContain('Dear Pia,');
    expect(xml).toContain('well done.');
  });
});
