import { next, type TNodeContext, type TNodeExecutor } from '../executor';
import type { TFormField, TMediaKind } from '../learner';
import { isRecord, type TJson, type TValue, text } from '../values';
import { documentText } from './helpers';

/** Blocks that ask the learner: they wait, then pass the answer on and record it as answered. */

/** The question shown with an input: data.question (or prompt), else the first form, else the label. */
const questionOf = (ctx: TNodeContext): string =>
  ctx.interpolate(ctx.settings.text(['question', 'prompt', 'instructions'], 0) ?? ctx.label);

export const inputNode: TNodeExecutor = {
  run: (ctx) => ({
    kind: 'wait',
    request: {
      kind: 'text',
      prompt: questionOf(ctx),
      placeholder: ctx.settings.text(['placeholder'], 1) ?? '',
    },
  }),
  async answer(ctx, answer) {
    if (answer.kind !== 'text') return next();
    await ctx.record({ verb: 'answered', result: { response: answer.text }, evidence: answer.text });
    return next({ text: text(answer.text) });
  },
};

type TMediaBlock = { media: TMediaKind; accept: string; capture: boolean; handle: string };

/** A block that asks for a file (photo, recording, upload); the player uploads it and answers its URL. */
function mediaBlock({ media, accept, capture, handle }: TMediaBlock): TNodeExecutor {
  return {
    run: (ctx) => ({
      kind: 'wait',
      request: { kind: 'media', media, prompt: questionOf(ctx), accept, capture },
    }),
    async answer(ctx, answer) {
      if (answer.kind !== 'media') return next();
      const { url } = answer;
      const outputs: Record<string, TValue> = {};
      if (media === 'image') outputs[handle] = { type: 'image', url, alt: ctx.label };
      else if (media === 'audio') outputs[handle] = { type: 'speech', url };
      else if (media === 'video') outputs[handle] = { type: 'video', url };
      else {
        outputs[handle] = {
          type: 'file',
          url,
          ...(answer.name ? { name: answer.name } : {}),
          ...(answer.mediaType ? { mediaType: answer.mediaType } : {}),
        };
      }
      if (media === 'pdf') {
        const body = await documentText(ctx, url);
        if (body !== null) outputs.text = text(body);
      }
      await ctx.record({ verb: 'answered', evidence: { id: url, description: answer.name ?? ctx.label } });
      return next(outputs);
    },
  };
}

/** Form fields: data.fields [{id, label, multiline?, required?}], else one field per non-empty form. */
function fieldsOf(ctx: TNodeContext): TFormField[] {
  const raw = ctx.settings.raw('fields');
  if (Array.isArray(raw)) {
    return raw.filter(isRecord).flatMap((f, i) => {
      const label = typeof f.label === 'string' ? f.label : '';
      if (!label.trim()) return [];
      const id = typeof f.id === 'string' && f.id ? f.id : `field${i + 1}`;
      return [{ id, label, multiline: f.multiline === true, required: f.required === true }];
    });
  }
  return ctx.settings.formValues().map((f, i) => ({
    id: f.id || `field${i + 1}`,
    label: f.value,
    multiline: false,
    required: false,
  }));
}

export const formNode: TNodeExecutor = {
  run(ctx) {
    const fields = fieldsOf(ctx);
    if (fields.length === 0) {
      ctx.issue('setting-invalid', 'warning', { detail: 'fields' });
      return next();
    }
    return { kind: 'wait', request: { kind: 'form', fields } };
  },
  async answer(ctx, answer) {
    if (answer.kind !== 'form') return next();
    // Answers keyed by the labels the learner saw, which is what a prompt or a report reads best.
    const json: Record<string, TJson> = {};
    for (const f of fieldsOf(ctx)) {
      const key = Object.hasOwn(json, f.label) ? `${f.label} (${f.id})` : f.label;
      json[key] = answer.values[f.id] ?? '';
    }
    const response = JSON.stringify(json);
    await ctx.record({ verb: 'answered', result: { response }, evidence: response });
    return next({ responses: { type: 'json', json } });
  },
};

export const LEARNER_EXECUTORS: Record<string, TNodeExecutor> = {
  inputNode,
  formNode,
  imageInputNode: mediaBlock({ media: 'image', accept: 'image/*', capture: true, handle: 'image' }),
  audioInputNode: mediaBlock({ media: 'audio', accept: 'audio/*', capture: false, handle: 'speech' }),
  voiceInputNode: mediaBlock({ media: 'audio', accept: 'audio/*', capture: true, handle: 'speech' }),
  videoInputNode: mediaBlock({ media: 'video', accept: 'video/*', capture: true, handle: 'video' }),
  fileUploaderNode: mediaBlock({ media: 'file', accept: '*/*', capture: false, handle: 'file' }),
  uploadPdfNode: mediaBlock({ media: 'pdf', accept: 'application/pdf', capture: false, handle: 'file' }),
};
