import { describe, expect, it } from 'vitest';
import { startRun, type TServerBlockRequest, XAPI_VERBS } from '../../../src/shared/domain/runtime';
import { flow, setup } from './harness';

const FILE = {
  type: 'file' as const,
  url: '/api/s3/download/abc?exp=1&sig=x',
  name: 'Scores.pdf',
  mediaType: 'application/pdf',
};

describe('document blocks', () => {
  it('CSV to PDF sends the rows, shows a download and passes the file on', async () => {
    const { options, statements } = setup();
    const requests: TServerBlockRequest[] = [];
    options.ports.serverBlocks = {
      run: async (req) => {
        requests.push(req);
        return { ok: true, outputs: { file: FILE }, summary: 'Scores (2 rows)' };
      },
    };
    const f = flow(
      ['s:beginNode', ['t', 'textNode', { text: 'Ada,9' }], ['c', 'csvBuilderNode'], ['p', 'csvToPdfNode']],
      ['s.out>c.in', 'c.out>p.in', 't.text>c.data', 'c.csv>p.csv'],
    );
    const r = await startRun(f, options);
    expect(requests[0]).toMatchObject({ nodeType: 'csvToPdfNode', inputs: { csv: { type: 'csv' } } });
    expect(r.shown[0]).toMatchObject({ kind: 'download', url: FILE.url, name: 'Scores.pdf' });
    expect(r.status).toBe('waiting');
    expect(r.state.outputs.p).toEqual({ file: FILE });
    expect(statements.map((s) => s.verb.id)).toContain(XAPI_VERBS.interacted);
  });

  it('PDF from Template without linked rows still asks the server (the template may need no data)', async () => {
    const { options } = setup();
    let asked = 0;
    options.ports.serverBlocks = {
      run: async () => {
        asked += 1;
        return { ok: false, errorCode: 'TEMPLATE_MISSING', configured: false };
      },
    };
    const r = await startRun(flow(['s:beginNode', 'p:pdfFromTemplateNode'], ['s.out>p.in']), options);
    expect(asked).toBe(1);
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'service-not-configured', detail: 'TEMPLATE_MISSING' }),
    );
    expect(r.shown).toEqual([]);
  });
});
