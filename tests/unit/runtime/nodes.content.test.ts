import { describe, expect, it } from 'vitest';
import { startRun } from '../../../src/shared/domain/runtime';
import { youtubeEmbedUrl } from '../../../src/shared/domain/youtube';
import { drive, flow, setup } from './harness';

const AUTO = { autoExecuteNextNode: true };
const forms = (...values: string[]) => values.map((value, i) => ({ id: `f${i}`, value }));

describe('content blocks', () => {
  it('Text: data.text, else its forms; {{name}} from variables; read by the consumer', async () => {
    const { options } = setup();
    const f = flow(
      [
        's:beginNode',
        ['v', 'variableNode', { name: 'who', value: 'Ada' }],
        ['t', 'textNode', { forms: forms('Hello {{who}}', 'and {{nobody}}') }],
        ['d', 'displayNode', AUTO],
      ],
      ['s.out>v.in', 'v.out>d.in', 't.text>d.text'],
    );
    const r = await startRun(f, options);
    expect(r.shown[0]).toMatchObject({
      kind: 'markdown',
      markdown: 'Hello Ada\nand {{nobody}}',
      nodeId: 'd',
    });
  });

  it('Merge Text joins both inputs with data.separator', async () => {
    const { options } = setup();
    const f = flow(
      [
        's:beginNode',
        ['a', 'textNode', { text: 'Q' }],
        ['b', 'textNode', { text: 'A' }],
        ['m', 'textMergeNode', { separator: ' → ' }],
        ['d', 'displayNode', AUTO],
      ],
      ['s.out>m.in', 'a.text>m.first', 'b.text>m.second', 'm.out>d.in', 'm.merged>d.text'],
    );
    expect((await startRun(f, options)).shown[0]).toMatchObject({ markdown: 'Q → A' });
  });

  it('Image and Audio hold a stored file, resolved to a URL by the storage port', async () => {
    const { options } = setup();
    const f = flow(
      [
        's:beginNode',
        ['i', 'imageNode', { url: 'leaf.png', alt: 'A leaf' }],
        ['a', 'audioNode', { forms: forms('https://cdn.test/bird.mp3') }],
        ['di', 'displayImageNode', AUTO],
        ['so', 'soundNode', AUTO],
      ],
      ['s.out>di.in', 'di.out>so.in', 'i.image>di.image', 'a.speech>so.speech'],
    );
    const r = await startRun(f, options);
    expect(r.shown.map(({ kind, ...rest }) => ({ kind, url: 'url' in rest ? rest.url : '' }))).toEqual([
      { kind: 'image', url: 'https://files.test/leaf.png' },
      { kind: 'audio', url: 'https://cdn.test/bird.mp3' },
    ]);
    expect(r.shown[0]).toMatchObject({ alt: 'A leaf' });
  });

  it('Show PDF shows the file and passes its text on when storage can read it', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', ['p', 'pdfDisplayNode', { url: 'notes.pdf', ...AUTO }], ['d', 'displayNode', AUTO]],
      ['s.out>p.in', 'p.out>d.in', 'p.text>d.text'],
    );
    const r = await startRun(f, options);
    expect(r.shown[0]).toMatchObject({ kind: 'pdf', url: 'https://files.test/notes.pdf' });
    expect(r.shown[1]).toMatchObject({ markdown: 'text of https://files.test/notes.pdf' });
  });

  it('JSON Block holds JSON for the blocks that read it; invalid JSON is reported', async () => {
    const { options } = setup();
    const quizFlow = (data: Record<string, unknown>) =>
      flow(['s:beginNode', ['j', 'jsonBlockNode', data], 'q:quizJsonNode'], ['s.out>q.in', 'j.json>q.quiz']);
    const good = await startRun(
      quizFlow({ json: [{ question: '2+2?', options: ['3', '4'], answer: '4' }] }),
      options,
    );
    expect(good.waiting?.request).toMatchObject({ kind: 'quiz', questions: [{ prompt: '2+2?' }] });
    const bad = await startRun(quizFlow({ forms: forms('{oops') }), options);
    expect(bad.state.issues).toContainEqual(expect.objectContaining({ code: 'json-invalid', nodeId: 'j' }));
    expect(bad.state.issues).toContainEqual(expect.objectContaining({ code: 'input-missing', nodeId: 'q' }));
    expect(bad.status).toBe('done');
  });
});

describe('display blocks', () => {
  it('Display Text shows markdown as written (the renderer sanitises) and records experienced', async () => {
    const { options, statements } = setup();
    const md = '# Title\n<script>alert(1)</script>';
    const r = await startRun(
      flow(['s:beginNode', ['d', 'displayNode', { text: md }]], ['s.out>d.in']),
      options,
    );
    expect(r.shown[0]).toMatchObject({ kind: 'markdown', markdown: md });
    expect(statements.map((s) => s.verb.id.split('/').pop())).toEqual(['launched', 'experienced']);
  });

  it('a display whose input is missing says so and the walk goes on', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', ['d', 'displayNode', AUTO], ['e', 'displayNode', { text: 'next', ...AUTO }]],
      ['s.out>d.in', 'd.out>e.in'],
    );
    const r = await startRun(f, options);
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'input-missing', nodeId: 'd', handleId: 'text' }),
    );
    expect(r.shown.map((i) => i.nodeId)).toEqual(['e']);
    expect(r.status).toBe('done');
  });

  it('an input linked from a block that has not run yet is reported as not ready', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', ['d', 'displayNode', AUTO], 'i:inputNode'],
      ['s.out>d.in', 'd.out>i.in', 'i.text>d.text'],
    );
    const r = await startRun(f, options);
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'input-not-ready', nodeId: 'd', detail: 'i' }),
    );
  });

  it('HTML fills {{text}} with the escaped linked text, for a sandboxed frame', async () => {
    const { options } = setup();
    const f = flow(
      [
        's:beginNode',
        ['t', 'textNode', { text: '<b>x</b>' }],
        ['h', 'htmlNode', { html: '<div>{{text}}</div>', ...AUTO }],
      ],
      ['s.out>h.in', 't.text>h.text'],
    );
    expect((await startRun(f, options)).shown[0]).toMatchObject({
      kind: 'html',
      html: '<div>&lt;b&gt;x&lt;/b&gt;</div>',
    });
  });

  it('Online Video Player: youtu.be and v= links embed, any other link gives the empty embed', async () => {
    const { options } = setup();
    const run = async (url: string) =>
      (
        await startRun(
          flow(['s:beginNode', ['v', 'onlineVideoPlayerNode', { url, ...AUTO }]], ['s.out>v.in']),
          options,
        )
      ).shown[0];
    expect(await run('https://youtu.be/dQw4w9WgXcQ')).toMatchObject({
      kind: 'video',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(await run('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toMatchObject({
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(await run('https://www.youtube.com/embed/dQw4w9WgXcQ')).toMatchObject({ embedUrl: '' });
    expect(await run('https://vimeo.com/123')).toMatchObject({
      embedUrl: '',
      sourceUrl: 'https://vimeo.com/123',
    });
  });

  it('a video recorded by the learner plays as a file', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', 'vi:videoInputNode', ['v', 'onlineVideoPlayerNode', AUTO]],
      ['s.out>vi.in', 'vi.out>v.in', 'vi.video>v.video'],
    );
    const [, r] = await drive(f, options, [{ kind: 'media', url: 'https://files.test/me.mp4' }]);
    expect(r.shown[0]).toMatchObject({ kind: 'video', embedUrl: '', fileUrl: 'https://files.test/me.mp4' });
  });

  it('Hide Display names the blocks to hide', async () => {
    const { options } = setup();
    const f = flow(['s:beginNode', ['h', 'hideDisplayByIdNode', { forms: forms('d1, d2') }]], ['s.out>h.in']);
    expect((await startRun(f, options)).shown[0]).toMatchObject({ kind: 'hide', nodeIds: ['d1', 'd2'] });
  });
});

describe('the YouTube rule (spec 02 §9)', () => {
  it('accepts only youtu.be and YouTube v= links with a well-formed id', () => {
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=3')).toContain('/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toContain('/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://evil.test/watch?v=dQw4w9WgXcQ')).toBe('');
    expect(youtubeEmbedUrl('https://youtu.be/short')).toBe('');
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ"><script>')).toBe('');
    expect(youtubeEmbedUrl('javascript:alert(1)')).toBe('');
    expect(youtubeEmbedUrl('not a url')).toBe('');
  });
});
