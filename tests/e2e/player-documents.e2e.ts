import { PDFDocument } from 'pdf-lib';
import { defineE2E, expect, expectEqual, test } from './harness';
import { publicLesson } from './lessons';
import { apiToken } from './offline.util';

/**
 * A learner on a phone fills a form; PDF from Template makes their certificate on the server and the
 * player offers it as a download, which is a real PDF (pdf-lib loads it).
 */
const NODES = [
  { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
  {
    id: 'f',
    type: 'formNode',
    position: { x: 0, y: 120 },
    data: { label: 'About you', fields: [{ id: 'name', label: 'Name', multiline: false, required: true }] },
  },
  {
    id: 'pdf',
    type: 'pdfFromTemplateNode',
    position: { x: 0, y: 240 },
    data: {
      label: 'Certificate',
      title: 'Certificate',
      template: 'This certifies that {{Name}} finished the lesson.',
    },
  },
];
const EDGES = [
  { id: 'e1', source: 's', sourceHandle: 'out', target: 'f', targetHandle: 'in' },
  { id: 'e2', source: 'f', sourceHandle: 'out', target: 'pdf', targetHandle: 'in' },
  { id: 'e3', source: 'f', sourceHandle: 'responses', target: 'pdf', targetHandle: 'data' },
];

export default defineE2E([
  test(
    '[PLAYER] a learner on a phone gets a generated PDF certificate to download',
    async ({ page, url, screenshot }) => {
      const token = await apiToken(url);
      const { linkCode } = await publicLesson(url, token, 'Certificate lesson', 'Certificate week', {
        nodes: NODES,
        edges: EDGES,
      });

      await page.goto(url(`/viewer/public-assignment/${linkCode}`));
      await page.getByRole('link', { name: /Certificate lesson/ }).click();
      await page.getByLabel('Name').fill('Pia Pupil');
      await page.getByRole('button', { name: 'Send' }).click();
      const download = page.getByRole('link', { name: 'Download Certificate.pdf' });
      await download.waitFor();
      await screenshot('certificate');

      const href = (await download.getAttribute('href')) ?? '';
      expect(/^\/api\/s3\/download\/[0-9a-f]{24}\?exp=\d+&sig=/.test(href), `a signed link: ${href}`);
      const res = await fetch(url(href));
      expectEqual(res.status, 200, 'the learner downloads the PDF');
      expectEqual(res.headers.get('content-type'), 'application/pdf', 'content type');
      const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
      expectEqual(pdf.getTitle(), 'Certificate', 'the PDF loads with its title');
    },
    { browser: { viewport: 'phone' }, timeoutMs: 120_000 },
  ),
]);
