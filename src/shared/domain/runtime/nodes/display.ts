import { youtubeEmbedUrl } from '../../youtube';
import { next, type TNodeContext, type TNodeExecutor } from '../executor';
import { valueAsText } from '../values';
import { formsText, mediaInput, present, urlSetting } from './helpers';

/** Display blocks: each shows one thing and records that the learner experienced it. */

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The author's HTML with `{{text}}` → the linked text and `{{name}}` → variables, both escaped. */
function htmlOf(ctx: TNodeContext): string | undefined {
  const template = ctx.settings.text(['html', 'content']) ?? formsText(ctx);
  const linked = ctx.input('text');
  const linkedText = linked ? valueAsText(linked) : undefined;
  if (template === undefined) {
    if (linkedText === undefined) ctx.missing('text');
    return linkedText === undefined ? undefined : `<p>${escapeHtml(linkedText)}</p>`;
  }
  return template.replace(/\{\{\s*([\p{L}\p{N}_.-]+)\s*\}\}/gu, (whole, name: string) => {
    if (name === 'text' && linkedText !== undefined) return escapeHtml(linkedText);
    return Object.hasOwn(ctx.state.variables, name) ? escapeHtml(ctx.state.variables[name]) : whole;
  });
}

export const DISPLAY_EXECUTORS: Record<string, TNodeExecutor> = {
  /** Display Text: the linked text, else the block's own (data.text or its forms), as markdown. */
  displayNode: {
    run(ctx) {
      const markdown = ctx.text('text', ctx.settings.text(['text', 'markdown', 'content']), formsText(ctx));
      return markdown === undefined ? next() : present(ctx, { kind: 'markdown', markdown });
    },
  },

  displayImageNode: {
    run(ctx) {
      const linked = ctx.input('image');
      const url = mediaInput(ctx, 'image', 'image');
      if (!url) return next();
      const alt =
        (linked?.type === 'image' ? linked.alt : undefined) ?? ctx.settings.text(['alt']) ?? ctx.label;
      return present(ctx, { kind: 'image', url, alt });
    },
  },

  /** HTML: shown in a sandboxed frame by the player (the type TUntrustedHtml says so). */
  htmlNode: {
    run(ctx) {
      const html = htmlOf(ctx);
      return html === undefined ? next() : present(ctx, { kind: 'html', html });
    },
  },

  /**
   * Online Video Player, YouTube rule of spec 02 §9: a youtu.be or `v=` link embeds; any other link
   * yields the empty embed. A video linked from a block that recorded or stored one plays as a file.
   */
  onlineVideoPlayerNode: {
    run(ctx) {
      const linked = ctx.input('video');
      const sourceUrl = linked && 'url' in linked ? linked.url : urlSetting(ctx, 'videoUrl', 'link');
      if (!sourceUrl) {
        ctx.missing('video');
        return next();
      }
      const embedUrl = youtubeEmbedUrl(sourceUrl);
      const fileUrl = linked && !embedUrl ? sourceUrl : undefined;
      return present(ctx, { kind: 'video', sourceUrl, embedUrl, ...(fileUrl ? { fileUrl } : {}) });
    },
  },

  soundNode: {
    run(ctx) {
      const url = mediaInput(ctx, 'speech', 'audio');
      return url ? present(ctx, { kind: 'audio', url }) : next();
    },
  },

  documentDownloadNode: {
    run(ctx) {
      const linked = ctx.input('file');
      const url = mediaInput(ctx, 'file', 'file');
      if (!url) return next();
      const name = (linked?.type === 'file' ? linked.name : undefined) ?? ctx.label;
      return present(ctx, { kind: 'download', url, name });
    },
  },

  /** Comment: a note for authors. It has no links, so a walk never reaches it; if one did, it shows nothing. */
  commentNode: { run: () => next() },

  /** Hide Display: hides the feed items of the blocks named in data.nodeIds or its forms. */
  hideDisplayByIdNode: {
    run(ctx) {
      const raw = ctx.settings.raw('nodeIds');
      const ids = Array.isArray(raw)
        ? raw.filter((x): x is string => typeof x === 'string')
        : ctx.settings.formValues().flatMap((f) => f.value.split(/[\s,]+/).filter(Boolean));
      if (ids.length === 0) ctx.issue('setting-invalid', 'warning', { detail: 'nodeIds' });
      return { kind: 'next', show: ids.length ? [{ kind: 'hide', nodeIds: ids }] : [] };
    },
  },
};
