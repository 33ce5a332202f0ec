import { describe, expect, it } from 'vitest';
import { NOT_IN_PLAYER, nodeSupport, runHeadless } from '../../../src/shared/domain/runtime';
import { drive, flow, last, setup } from './harness';
import { fakeMedia } from './media-port';

const AUTO = { autoExecuteNextNode: true };
const withMedia = (media: ReturnType<typeof fakeMedia>) => {
  const s = setup();
  return { ...s, options: { ...s.options, ports: { ...s.options.ports, media: media.port } } };
};

/** Start → Text → block (its `inHandle` fed by the text) → Display of its `outHandle`. */
const chain = (type: string, data: Record<string, unknown>, inHandle: string, outHandle?: string) =>
  flow(
    [
      's:beginNode',
      ['t', 'textNode', { text: 'A frog on a leaf' }],
      ['b', type, data],
      ['d', 'displayNode', AUTO],
    ],
    ['s.out>b.in', `t.text>b.${inHandle}`, 'b.out>d.in', ...(outHandle ? [`b.${outHandle}>d.text`] : [])],
  );

describe('AI media blocks', () => {
  const ISSUE_32_MEDIA = [
    'textToSpeechNode',
    'textToSpeechStreamingNode',
    'transcribeSpeechNode',
    'transcribeConversationNode',
    'generateImageNode',
    'describeImageNode',
    'describeVideoNode',
    'generateVideoNode',
    'youtubeTranscribeNode',
  ];
  it.each(ISSUE_32_MEDIA)('%s runs in the player', (type) => {
    expect(nodeSupport(type)).toBe('runs');
    expect(NOT_IN_PLAYER).not.toContain(type);
  });

  it('Text to Speech plays the provider audio, passes it on and records that it was heard', async () => {
    const media = fakeMedia('online');
    const { options, statements } = withMedia(media);
    const r = await drive(chain('textToSpeechNode', { voice: 'nova', model: 'tts-1' }, 'text'), options);
    expect(media.calls[0]).toEqual({
      op: 'speech',
      req: {
        nodeId: 'b',
        nodeType: 'textToSpeechNode',
        model: 'tts-1',
        text: 'A frog on a leaf',
        voice: 'nova',
      },
    });
    expect(r[0].shown.map((i) => i.kind)).toEqual(['audio']);
    expect(r[0].state.outputs.b.speech).toEqual({ type: 'speech', url: 'https://files.test/speech-16.mp3' });
    expect(r[0].waiting?.request).toEqual({ kind: 'continue' });
    expect(statements.map((s) => s.verb.display['en-US'])).toContain('experienced');
  });

  it('offline, speech is the device voice with a notice, and nothing pretends to be audio', async () => {
    const { options } = withMedia(fakeMedia('offline'));
    const [r] = await drive(chain('textToSpeechStreamingNode', {}, 'text'), options);
    expect(r.shown.map((i) => (i.kind === 'notice' ? i.messageKey : i.kind))).toEqual([
      'speak',
      'runtime.media.device-voice',
    ]);
    expect(r.shown[0]).toMatchObject({ kind: 'speak', text: 'A frog on a leaf' });
    expect(r.state.outputs.b?.speech).toBeUndefined();
  });

  it('Transcribe Speech turns the recorded answer into text; Conversation asks for speakers', async () => {
    for (const [type, out, speakers] of [
      ['transcribeSpeechNode', 'text', false],
      ['transcribeConversationNode', 'transcript', true],
    ] as const) {
      const media = fakeMedia('online');
      const { options } = withMedia(media);
      const f = flow(
        ['s:beginNode', 'v:voiceInputNode', ['b', type, {}], ['d', 'displayNode', AUTO]],
        ['s.out>v.in', 'v.out>b.in', 'v.speech>b.speech', 'b.out>d.in', `b.${out}>d.text`],
      );
      const r = last(await drive(f, options, [{ kind: 'media', url: 'https://files.test/answer.webm' }]));
      expect(media.calls[0].req).toMatchObject({ audioUrl: 'https://files.test/answer.webm', speakers });
      const heard = `${speakers ? 'Speaker 1: ' : ''}heard https://files.test/answer.webm`;
      expect(r.shown.at(-1)).toMatchObject({ kind: 'markdown', markdown: heard });
    }
  });

  it('offline, transcription says so and the learner types the answer instead (recorded)', async () => {
    const { options, statements } = withMedia(fakeMedia('offline'));
    const f = flow(
      ['s:beginNode', 'v:voiceInputNode', 'b:transcribeSpeechNode', ['d', 'displayNode', AUTO]],
      ['s.out>v.in', 'v.out>b.in', 'v.speech>b.speech', 'b.out>d.in', 'b.text>d.text'],
    );
    const [, asked, done] = await drive(f, options, [
      { kind: 'media', url: 'https://files.test/a.webm' },
      { kind: 'text', text: 'I said hello' },
    ]);
    expect(asked.shown).toMatchObject([{ kind: 'notice', messageKey: 'runtime.media.offline-transcript' }]);
    expect(asked.waiting?.request.kind).toBe('text');
    expect(done.shown.at(-1)).toMatchObject({ markdown: 'I said hello' });
    expect(statements.map((st) => st.result?.response)).toContain('I said hello');
  });

  it('Generate Image shows the image and passes it on; offline it is labelled a placeholder', async () => {
    const online = withMedia(fakeMedia('online'));
    const [a] = await drive(chain('generateImageNode', {}, 'prompt'), online.options);
    expect(a.shown).toMatchObject([
      { kind: 'image', url: 'https://files.test/generated.png', alt: 'A frog on a leaf' },
    ]);
    expect(a.state.outputs.b.image).toMatchObject({ type: 'image', url: 'https://files.test/generated.png' });
    const offline = withMedia(fakeMedia('offline'));
    const [b] = await drive(chain('generateImageNode', {}, 'prompt'), offline.options);
    expect(b.shown.map((i) => i.kind)).toEqual(['image', 'notice']);
  });

  it('Describe Image sends the linked image and the author’s question', async () => {
    const media = fakeMedia('online');
    const { options } = withMedia(media);
    const f = flow(
      [
        's:beginNode',
        ['m', 'imageNode', { url: 'cat.png' }],
        ['b', 'describeImageNode', { prompt: 'What animal?' }],
        ['d', 'displayNode', AUTO],
      ],
      ['s.out>b.in', 'm.image>b.image', 'b.out>d.in', 'b.description>d.text'],
    );
    const [r] = await drive(f, options);
    expect(media.calls[0].req).toMatchObject({
      kind: 'image',
      url: 'https://files.test/cat.png',
      prompt: 'What animal?',
    });
    expect(r.shown.at(-1)).toMatchObject({ markdown: 'a image of a cat' });
  });

  it('Describe Video describes the learner’s recorded video; offline it says it is the demo', async () => {
    for (const mode of ['online', 'offline'] as const) {
      const media = fakeMedia(mode);
      const { options } = withMedia(media);
      const f = flow(
        ['s:beginNode', 'v:videoInputNode', 'b:describeVideoNode', ['d', 'displayNode', AUTO]],
        ['s.out>v.in', 'v.out>b.in', 'v.video>b.video', 'b.out>d.in', 'b.description>d.text'],
      );
      const r = last(await drive(f, options, [{ kind: 'media', url: 'https://files.test/clip.mp4' }]));
      expect(media.calls[0].req).toMatchObject({
        kind: 'video',
        url: 'https://files.test/clip.mp4',
        prompt: '',
      });
      const kinds = r.shown.map((i) => (i.kind === 'notice' ? i.messageKey : i.kind));
      expect(kinds).toEqual(
        mode === 'online' ? ['markdown'] : ['runtime.media.offline-describe', 'markdown'],
      );
    }
  });

  it('Generate Video without a video model says so and passes nothing on', async () => {
    const { options } = withMedia(fakeMedia('offline'));
    const [r] = await drive(chain('generateVideoNode', {}, 'prompt'), options);
    expect(r.shown).toMatchObject([{ kind: 'notice', messageKey: 'runtime.media.no-video-model' }]);
    expect(r.state.outputs.b?.video).toBeUndefined();
  });

  it('YouTube Transcript passes the transcript on, or shows why there is none', async () => {
    const { options } = withMedia(fakeMedia('online'));
    const [r] = await drive(chain('youtubeTranscribeNode', {}, 'url', 'transcript'), options);
    expect(r.shown).toMatchObject([{ kind: 'notice', messageKey: 'runtime.media.youtube-not-a-video' }]);
    const ok = flow(
      [
        's:beginNode',
        ['b', 'youtubeTranscribeNode', { url: 'https://youtu.be/dQw4w9WgXcQ' }],
        ['d', 'displayNode', AUTO],
      ],
      ['s.out>b.in', 'b.out>d.in', 'b.transcript>d.text'],
    );
    const [r2] = await drive(ok, options);
    expect(r2.shown).toMatchObject([{ kind: 'markdown', markdown: 'never gonna give you up' }]);
  });

  it('a refused media call ends the run with ai-failed and its errorCode (Retry), charging nothing more', async () => {
    const media = fakeMedia('online', { op: 'image', errorCode: 'UNIT_BALANCE_INSUFFICIENT' });
    const { options } = withMedia(media);
    const [r] = await drive(chain('generateImageNode', {}, 'prompt'), options);
    expect(r.status).toBe('failed');
    expect(r.error).toMatchObject({ code: 'ai-failed', detail: 'UNIT_BALANCE_INSUFFICIENT', nodeId: 'b' });
  });

  it('without a media port the block is reported, not silently skipped', async () => {
    const { options } = setup();
    const [r] = await drive(chain('generateImageNode', {}, 'prompt'), options);
    expect(r.state.issues).toContainEqual(expect.objectContaining({ code: 'port-missing', detail: 'media' }));
  });

  it('runs headless (automation): the image and speech outputs come back as plain JSON', async () => {
    const { options } = withMedia(fakeMedia('online'));
    const f = flow(
      ['s:beginNode', ['t', 'textNode', { text: 'frog' }], 'g:generateImageNode', 'p:textToSpeechNode'],
      ['s.out>g.in', 't.text>g.prompt', 'g.out>p.in', 't.text>p.text'],
    );
    const r = await runHeadless(f, { answer: () => undefined }, options);
    expect(r.outputs.g).toMatchObject({ values: { image: 'https://files.test/generated.png' } });
    expect(r.outputs.p).toMatchObject({ values: { speech: 'https://files.test/speech-4.mp3' } });
  });
});

describe('Local AI Model', () => {
  it('runs as a prompt block: its model goes to the AI port, which the host sends to the block’s server', async () => {
    expect(nodeSupport('localLLMConnectorNode')).toBe('runs');
    const { options, ai } = setup({ ai: () => 'from llama' });
    const f = flow(
      [
        's:beginNode',
        ['t', 'textNode', { text: 'Hi' }],
        ['l', 'localLLMConnectorNode', { model: 'llama3.2' }],
        ['d', 'displayNode', AUTO],
      ],
      ['s.out>l.in', 't.text>l.prompt', 'l.out>d.in', 'l.response>d.text'],
    );
    const [r] = await drive(f, options);
    expect(ai.requests[0]).toMatchObject({
      nodeId: 'l',
      nodeType: 'localLLMConnectorNode',
      model: 'llama3.2',
    });
    expect(r.shown.at(-1)).toMatchObject({ markdown: 'from llama' });
  });
});
