import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiProviderError } from '../../../src/server/adapters/ai/ai';
import { createOfflineMediaProvider, placeholderSvg } from '../../../src/server/adapters/ai/offline-media';
import { createOpenAiMediaProvider, OPENAI_VOICES } from '../../../src/server/adapters/ai/openai-media';
import { fakeMp3, TINY_PNG_BASE64, TRANSCRIPT_SECONDS } from '../../fixtures/openai-media';
import { type OpenAiServer, startOpenAiServer } from '../../fixtures/openai-server';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());

const provider = () => createOpenAiMediaProvider({ baseURL: server.baseURL, apiKey: 'sk-test' });

describe('OpenAI-compatible media provider', () => {
  it('speech: posts model, input and voice, and returns the audio the server streamed', async () => {
    const speech = await provider().speech({ model: 'tts-1', input: 'Hello there', voice: 'nova' });
    expect(speech).toEqual({
      kind: 'audio',
      mediaType: 'audio/mpeg',
      bytes: new Uint8Array(fakeMp3('Hello there')),
    });
    const seen = server.requests.at(-1);
    expect(seen?.path).toBe('/v1/audio/speech');
    expect(seen?.body).toMatchObject({ model: 'tts-1', input: 'Hello there', voice: 'nova' });
  });

  it('transcription: sends the recording as a multipart file and reads text and duration', async () => {
    const audio = new Uint8Array(1234).fill(7);
    const t = await provider().transcribe({
      model: 'whisper-1',
      audio,
      mediaType: 'audio/webm',
      fileName: 'answer.webm',
      language: 'en',
      speakers: true,
    });
    expect(t).toEqual({ text: 'Speaker 1: I heard 1234 bytes', seconds: TRANSCRIPT_SECONDS });
    expect(server.requests.at(-1)?.body).toMatchObject({
      model: 'whisper-1',
      language: 'en',
      fileBytes: 1234,
    });
  });

  it('images: decodes the base64 image', async () => {
    const image = await provider().image({ model: 'gpt-image-1', prompt: 'a frog' });
    expect(image.mediaType).toBe('image/png');
    expect(Buffer.from(image.bytes).toString('base64')).toBe(TINY_PNG_BASE64);
  });

  it('a failing model is an AiProviderError with the provider’s message', async () => {
    const p = provider();
    for (const call of [
      () => p.speech({ model: 'broken', input: 'x' }),
      () => p.image({ model: 'broken', prompt: 'x' }),
      () =>
        p.transcribe({
          model: 'broken',
          audio: new Uint8Array(3),
          mediaType: 'audio/webm',
          fileName: 'a.webm',
        }),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AiProviderError);
      expect((error as AiProviderError).message).toBe('AI provider error (500): The model exploded');
    }
  });

  it('an unreachable server is an AiProviderError, and an aborted call an AbortError', async () => {
    const gone = createOpenAiMediaProvider({ baseURL: 'http://127.0.0.1:9/v1' });
    await expect(gone.speech({ model: 'tts-1', input: 'x' })).rejects.toThrow('cannot reach 127.0.0.1:9');
    const controller = new AbortController();
    controller.abort();
    await expect(
      provider().image({ model: 'gpt-image-1', prompt: 'x', signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('lists the OpenAI voices', async () => {
    expect(await provider().voices()).toEqual(OPENAI_VOICES);
    expect(OPENAI_VOICES.map((v) => v.id)).toContain('alloy');
  });
});

describe('offline media provider', () => {
  const offline = createOfflineMediaProvider();
  it('speech is the device voice, with a notice; it lists no provider voices', async () => {
    expect(await offline.speech({ model: 'tts-1', input: 'Hi' })).toMatchObject({
      kind: 'device-voice',
      text: 'Hi',
    });
    expect(await offline.voices()).toEqual([]);
  });

  it('a transcription says it is none', async () => {
    const t = await offline.transcribe({
      model: 'whisper-1',
      audio: new Uint8Array(1),
      mediaType: 'audio/webm',
      fileName: 'a',
    });
    expect(t.notice).toContain('Offline demo');
    expect(t.seconds).toBeNull();
  });

  it('an image is an SVG placeholder that says so and escapes the prompt', async () => {
    const image = await offline.image({ model: 'gpt-image-1', prompt: 'a <script>frog</script> & a pond' });
    const svg = new TextDecoder().decode(image.bytes);
    expect(image.mediaType).toBe('image/svg+xml');
    expect(svg).toContain('Offline demo — no image model');
    expect(svg).toContain('a &lt;script&gt;frog&lt;/script&gt; &amp; a pond');
    expect(svg).not.toContain('<script>');
    expect(image.notice).toContain('placeholder');
  });

  it('a long prompt is wrapped into at most five lines', () => {
    const svg = placeholderSvg('word '.repeat(200));
    expect(svg.match(/font-size="22"/g)).toHaveLength(5);
  });
});
