import { strFromU8, unzipSync } from 'fflate';
import { defineE2E, expect, expectEqual, test } from './harness';
import { publicLesson } from './lessons';
import { apiToken } from './offline.util';

/**
 * On a phone: the learner's notes become a PowerPoint deck the player offers as a download
 * (a real .pptx: its slides hold the notes), and Google Drive Upload, with no Google account connected
 * on this server, says nothing is connected in the run's record and lets the flow go on: neither block
 * shows "not available".
 */
const NODES = [
  { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
  {
    id: 'notes',
    type: 'inputNode',
    position: { x: 0, y: 120 },
    data: { label: 'Notes', question: 'Write your slides' },
  },
  {
    id: 'deck',
    type: 'powerpointNode',
    position: { x: 0, y: 240 },
    data: { label: 'Deck', title: 'Plants', autoExecuteNextNode: true },
  },
  { id: 'drive', type: 'googleDriveUploadNode', position: { x: 0, y: 360 }, data: { label: 'To Drive' } },
  { id: 'end', type: 'displayNode', position: { x: 0, y: 480 }, data: { label: 'End', text: 'All done' } },
];
const EDGES = [
  { id: 'e1', source: 's', sourceHandle: 'out', target: 'notes', targetHandle: 'in' },
  { id: 'e2', source: 'notes', sourceHandle: 'out', target: 'deck', targetHandle: 'in' },
  { id: 'e3', source: 'notes', sourceHandle: 'text', target: 'deck', targetHandle: 'content' },
  { id: 'e4', source: 'deck', sourceHandle: 'out', target: 'drive', targetHandle: 'in' },
  { id: 'e5', source: 'deck', sourceHandle: 'file', target: 'drive', targetHandle: 'file' },
  { id: 'e6', source: 'drive', sourceHandle: 'out', target: 'end', targetHandle: 'in' },
];

export default defineE2E([
  test(
    '[PLAYER] a learner on a phone turns notes into a PowerPoint; Drive upload without Google goes on',
    async ({ page, url, screenshot }) => {
      const token = await apiToken(url);
      const { linkCode } = await publicLesson(url, token, 'Slides lesson', 'Slides week', {
        nodes: NODES,
        edges: EDGES,
      });

      await page.goto(url(`/viewer/public-assignment/${linkCode}`));
      await page.getByRole('link', { name: /Slides lesson/ }).click();
      await page.getByText('Write your slides').waitFor();
      await page.getByRole('textbox').fill('# Light\n- leaves catch it\n# Water\n- roots drink it');
      await page.getByRole('button', { name: 'Send' }).click();
      const download = page.getByRole('link', { name: 'Download Plants.pptx' });
      await download.waitFor();
      await page.getByText('All done').waitFor();
      expectEqual(
        await page.getByText(/is not available in the player/).count(),
        0,
        'no block is unavailable',
      );
      await screenshot('powerpoint');

      const href = (await download.getAttribute('href')) ?? '';
      expect(/^\/api\/s3\/download\/[0-9a-f]{24}\?exp=\d+&sig=/.test(href), `a signed link: ${href}`);
      const res = await fetch(url(href));
      expectEqual(res.status, 200, 'the learner downloads the deck');
      expectEqual(
        res.headers.get('content-type'),
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'content type',
      );
      const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
      expect(strFromU8(zip['ppt/slides/slide2.xml']).includes('leaves catch it'), 'slide 2 holds the notes');
      expect(strFromU8(zip['ppt/slides/slide3.xml']).includes('Water'), 'slide 3 is the second heading');
    },
    { browser: { viewport: 'phone' }, timeoutMs: 120_000 },
  ),
]);
