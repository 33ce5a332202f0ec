import {
  errorCodeOf,
  next,
  PortFailure,
  showContent,
  type TNodeContext,
  type TNodeExecutor,
  type TOutcome,
} from '../executor';
import type { TShowContent } from '../learner';
import type { TMediaPort } from '../ports-media';
import { makeIssue } from '../state';
import { type TValue, text } from '../values';
import { mediaInput } from './helpers';

/**
 * AI media blocks: speech, transcription, images, vision, video and YouTube transcripts,
 * through the media port (ports-media.ts), which charges credits around each call. An answer that is
 * not a model's work (the offline demo, the device's voice, no video model) comes with a notice the
 * learner sees (`runtime.media.<code>`): never a silent skip, never a fake that looks real.
 */

const notice = (code: string): TShowContent => ({ kind: 'notice', messageKey: `runtime.media.${code}` });
const modelOf = (ctx: TNodeContext) => ctx.settings.text(['model'])?.trim() || undefined;
const block = (ctx: TNodeContext) => ({
  nodeId: ctx.node.id,
  nodeType: ctx.node.type,
  ...(modelOf(ctx) ? { model: modelOf(ctx) } : {}),
});

/** The port's answer; a missing port is reported and answers undefined, a failure ends the run (Retry). */
async function callMedia<T>(
  ctx: TNodeContext,
  call: (port: TMediaPort) => Promise<T>,
): Promise<T | undefined> {
  const port = ctx.ports.media;
  if (!port) {
    ctx.issue('port-missing', 'warning', { detail: 'media' });
    return undefined;
  }
  ctx.state.usage.aiCalls++;
  try {
    return await call(port);
  } catch (error) {
    const where = { nodeId: ctx.node.id, nodeType: ctx.node.type, detail: errorCodeOf(error) };
    throw new PortFailure(makeIssue('ai-failed', 'error', where));
  }
}

/** Shows the items, records that the learner experienced them, waits for Next as content blocks do. */
async function shown(
  ctx: TNodeContext,
  items: TShowContent[],
  outputs?: Record<string, TValue>,
): Promise<TOutcome> {
  await ctx.record({ verb: 'experienced', kind: 'media' });
  const outcome = showContent(ctx, items[0], outputs);
  return outcome.kind === 'next' || outcome.kind === 'wait' ? { ...outcome, show: items } : outcome;
}

/** Text to Speech (and its streaming twin): data.voice, data.model; the text linked or in form 1. */
const speechBlock: TNodeExecutor = {
  async run(ctx) {
    const said = ctx.text('text', ctx.settings.text(['text'], 0));
    if (!said?.trim()) return next();
    const voice = ctx.settings.text(['voice'])?.trim() || undefined;
    const answer = await callMedia(ctx, (p) =>
      p.speech({ ...block(ctx), text: said, ...(voice ? { voice } : {}) }),
    );
    if (!answer) return next();
    if (answer.kind === 'device-voice')
      return shown(ctx, [{ kind: 'speak', text: answer.text }, notice(answer.notice)]);
    return shown(ctx, [{ kind: 'audio', url: answer.url }], { speech: { type: 'speech', url: answer.url } });
  },
};

/** Transcribe Speech / Conversation. Offline, the learner types what was said, told why. */
function transcribeBlock(outHandle: string, speakers: boolean): TNodeExecutor {
  return {
    async run(ctx) {
      const audioUrl = mediaInput(ctx, 'speech');
      if (!audioUrl) return next();
      const language = ctx.settings.text(['language'])?.trim() || undefined;
      const answer = await callMedia(ctx, (p) =>
        p.transcribe({ ...block(ctx), audioUrl, speakers, ...(language ? { language } : {}) }),
      );
      if (!answer) return next();
      if (answer.notice && !ctx.headless) {
        return {
          kind: 'wait',
          request: { kind: 'text', prompt: ctx.label, placeholder: '' },
          show: [notice(answer.notice)],
        };
      }
      return next({ [outHandle]: text(answer.text) });
    },
    async answer(ctx, answer) {
      if (answer.kind !== 'text') return next();
      await ctx.record({ verb: 'answered', result: { response: answer.text }, evidence: answer.text });
      return next({ [outHandle]: text(answer.text) });
    },
  };
}

/** Generate Image: the description linked or in form 1; shown, and passed on as an image. */
const generateImageNode: TNodeExecutor = {
  async run(ctx) {
    const prompt = ctx.text('prompt', ctx.settings.text(['prompt'], 0));
    if (!prompt?.trim()) return next();
    const answer = await callMedia(ctx, (p) => p.image({ ...block(ctx), prompt }));
    if (!answer) return next();
    const image = { kind: 'image' as const, url: answer.url, alt: prompt.slice(0, 200) };
    const items: TShowContent[] = answer.notice ? [image, notice(answer.notice)] : [image];
    return shown(ctx, items, { image: { type: 'image', url: answer.url, alt: image.alt } });
  },
};

/** Describe Image / Video: what to look for in form 1 (data.prompt), a plain description otherwise. */
function describeBlock(kind: 'image' | 'video'): TNodeExecutor {
  return {
    async run(ctx) {
      const url = mediaInput(ctx, kind);
      if (!url) return next();
      const prompt = ctx.interpolate(ctx.settings.text(['prompt', 'instructions'], 0) ?? '');
      const answer = await callMedia(ctx, (p) => p.describe({ ...block(ctx), kind, url, prompt }));
      if (!answer) return next();
      const out = next({ description: text(answer.text) });
      return answer.notice && out.kind === 'next' ? { ...out, show: [notice(answer.notice)] } : out;
    },
  };
}

/** Generate Video: a video model when the host has one; otherwise says so and passes nothing on. */
const generateVideoNode: TNodeExecutor = {
  async run(ctx) {
    const prompt = ctx.text('prompt', ctx.settings.text(['prompt'], 0));
    if (!prompt?.trim()) return next();
    const answer = await callMedia(ctx, (p) => p.video({ ...block(ctx), prompt }));
    if (!answer) return next();
    if ('notice' in answer) return shown(ctx, [notice(answer.notice)]);
    const video: TShowContent = { kind: 'video', sourceUrl: answer.url, embedUrl: '', fileUrl: answer.url };
    return shown(ctx, [video], { video: { type: 'video', url: answer.url } });
  },
};

/** YouTube Transcript: the link linked or in form 1; a clear notice when there is none to fetch. */
const youtubeTranscribeNode: TNodeExecutor = {
  async run(ctx) {
    const url = ctx.text('url', ctx.settings.text(['url'], 0))?.trim();
    if (!url) return next();
    const language = ctx.settings.text(['language'])?.trim() || undefined;
    const answer = await callMedia(ctx, (p) =>
      p.youtubeTranscript({ ...block(ctx), url, ...(language ? { language } : {}) }),
    );
    if (!answer) return next();
    if ('notice' in answer) return { kind: 'next', show: [notice(answer.notice)] };
    return next({ transcript: text(answer.text) });
  },
};

export const MEDIA_EXECUTORS: Record<string, TNodeExecutor> = {
  textToSpeechNode: speechBlock,
  textToSpeechStreamingNode: speechBlock,
  transcribeSpeechNode: transcribeBlock('text', false),
  transcribeConversationNode: transcribeBlock('transcript', true),
  generateImageNode,
  describeImageNode: describeBlock('image'),
  describeVideoNode: describeBlock('video'),
  generateVideoNode,
  youtubeTranscribeNode,
};
