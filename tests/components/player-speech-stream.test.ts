import { describe, expect, it, vi } from 'vitest';
import { livePlayer } from '../../src/player/run/live-audio';
import { mediaPortVia } from '../../src/player/run/media-port';
import { playWhileArriving, SpeechStreamError, streamedSpeechVia } from '../../src/player/run/speech-stream';
import { resumeRun, startRun } from '../../src/shared/domain/runtime';
import { flow, setup } from '../unit/runtime/harness';
import { controlledBody, deps, joined, pieces } from './speech-stream.fakes';

describe('Streaming Text to Speech in the player', () => {
  it('appends and starts playing the first audio before the last piece has arrived, and keeps every byte', async () => {
    const { d, made, audio, revoked } = deps();
    const { body, controller } = controlledBody();
    controller.enqueue(pieces[0]);
    const playing = playWhileArriving(body, audio, d);

    await vi.waitFor(() => expect(made[0]?.buffer?.appended.length).toBe(1));
    expect(audio.src).toBe('blob:source-1');
    expect(revoked).toEqual(['blob:source-1']);
    await vi.waitFor(() => expect(audio.play).toHaveBeenCalledTimes(1));
    expect(made[0].ended).toBe(false);

    controller.enqueue(pieces[1]);
    controller.enqueue(pieces[2]);
    controller.close();
    const kept = await playing;
    expect(joined(kept)).toEqual(joined(pieces));
    expect(joined(made[0].buffer?.appended ?? [])).toEqual(joined(pieces));
    expect(made[0].ended).toBe(true);
    expect(audio.play).toHaveBeenCalledTimes(1);
  });

  it('stops the audio and says the stream broke when it ends half-way', async () => {
    const { d, audio } = deps();
    const { body, controller } = controlledBody();
    controller.enqueue(pieces[0]);
    const playing = playWhileArriving(body, audio, d);
    await vi.waitFor(() => expect(audio.play).toHaveBeenCalled());
    controller.error(new TypeError('network error'));
    await expect(playing).rejects.toBeInstanceOf(SpeechStreamError);
    await expect(playing).rejects.toMatchObject({ errorCode: 'SPEECH_STREAM_BROKEN' });
    expect(audio.pause).toHaveBeenCalled();
    expect(audio.removeAttribute).toHaveBeenCalledWith('src');
  });

  it('answers the saved audio as the same data: URL the whole-file path gives, and keeps its element playing', async () => {
    const { d, audio } = deps();
    const post = vi.fn(async () => ({ data: { kind: 'audio', url: 'data:unused' } }));
    const open = vi.fn(
      async () =>
        new Response(new Blob(pieces as Uint8Array<ArrayBuffer>[]).stream(), {
          headers: { 'content-type': 'audio/mpeg' },
        }),
    );
    const port = mediaPortVia(post, streamedSpeechVia(open, d));
    const req = { nodeId: 'say', nodeType: 'textToSpeechStreamingNode', text: 'Hello there' };
    const answer = await port.speech(req);

    const expected = `data:audio/mpeg;base64,${joined(pieces).toString('base64')}`;
    expect(answer).toEqual({ kind: 'audio', url: expected });
    expect(open).toHaveBeenCalledWith(req);
    expect(post).not.toHaveBeenCalled();
    expect(livePlayer(expected)).toBe(audio);
  });

  it('passes on the device-voice answer when the server has no speech model', async () => {
    const { d } = deps();
    const deviceVoice = { kind: 'device-voice', text: 'Hello there', notice: 'device-voice' };
    const open = async () => Response.json({ data: deviceVoice });
    const port = mediaPortVia(async () => ({ data: null }), streamedSpeechVia(open, d));
    expect(
      await port.speech({ nodeId: 'say', nodeType: 'textToSpeechStreamingNode', text: 'Hello there' }),
    ).toEqual(deviceVoice);
  });

  it('falls back to the whole-file media route without MediaSource, without MP3 support, and for plain Text to Speech', async () => {
    const whole = { kind: 'audio', url: 'data:audio/mpeg;base64,AAAA' };
    const open = vi.fn(async () => new Response(null));
    const noSource = { ...deps().d, MediaSource: undefined };
    const noMpeg = deps(false).d;
    expect(streamedSpeechVia(open, noSource)).toBeUndefined();
    expect(streamedSpeechVia(open, noMpeg)).toBeUndefined();

    const post = vi.fn(async () => ({ data: whole }));
    const port = mediaPortVia(post, streamedSpeechVia(open, noSource));
    const req = { nodeId: 'say', nodeType: 'textToSpeechStreamingNode', text: 'Hi' };
    expect(await port.speech(req)).toEqual(whole);
    expect(post).toHaveBeenCalledWith({ op: 'speech', ...req });

    const streaming = mediaPortVia(post, streamedSpeechVia(open, deps().d));
    await streaming.speech({ nodeId: 'plain', nodeType: 'textToSpeechNode', text: 'Hi' });
    expect(post).toHaveBeenLastCalledWith({
      op: 'speech',
      nodeId: 'plain',
      nodeType: 'textToSpeechNode',
      text: 'Hi',
    });
    expect(open).not.toHaveBeenCalled();
  });

  it('a stream broken half-way ends the run with the failed AI call and Retry; the retry plays and saves it', async () => {
    const { d } = deps();
    let attempt = 0;
    const open = async () => {
      attempt++;
      const broken = attempt === 1;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(pieces[0]);
          if (broken) c.error(new TypeError('network error'));
          else {
            c.enqueue(pieces[1]);
            c.close();
          }
        },
      });
      return new Response(body, { headers: { 'content-type': 'audio/mpeg' } });
    };
    const s = setup();
    const media = mediaPortVia(async () => ({ data: null }), streamedSpeechVia(open, d));
    const options = { ...s.options, ports: { ...s.options.ports, media } };
    const f = flow(
      ['s:beginNode', ['say', 'textToSpeechStreamingNode', { text: 'Hello there' }]],
      ['s.out>say.in'],
    );

    const first = await startRun(f, options);
    expect(first.status).toBe('failed');
    expect(first.error).toMatchObject({ code: 'ai-failed', detail: 'SPEECH_STREAM_BROKEN', nodeId: 'say' });

    const retried = await resumeRun(f, first.state, { kind: 'retry' }, options);
    const url = `data:audio/mpeg;base64,${joined(pieces.slice(0, 2)).toString('base64')}`;
    expect(retried.status).toBe('waiting');
    expect(retried.shown).toMatchObject([{ kind: 'audio', url }]);
    expect(retried.state.outputs.say.speech).toEqual({ type: 'speech', url });
  });
});
