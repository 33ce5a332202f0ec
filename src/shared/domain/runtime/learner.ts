import { clean, isRecord, type TJson } from './values';

/**
 * What the runtime hands the player: things to show (a feed that grows as the walk goes on) and, when
 * the walk stops, one request for the learner. The player renders and translates them; the runtime
 * returns no user-facing sentence of its own, only the authors' content and message keys.
 */

/**
 * Markdown written by an author or a model, NOT sanitised: the renderer must sanitise it (and apply
 * the YouTube rule of spec 02 §9 to embeds, see domain/youtube.ts) before it reaches the page.
 */
export type TUntrustedMarkdown = string & { readonly __untrusted?: 'sanitise before rendering' };
/** An author's HTML, NOT sanitised: render it only in `<iframe sandbox srcdoc>` without allow-same-origin. */
export type TUntrustedHtml = string & { readonly __untrusted?: 'sandboxed frame only' };

export type TShowContent =
  | { kind: 'markdown'; markdown: TUntrustedMarkdown }
  | { kind: 'image'; url: string; alt: string }
  | { kind: 'audio'; url: string }
  | { kind: 'pdf'; url: string }
  | { kind: 'html'; html: TUntrustedHtml }
  /** embedUrl is '' (the empty embed) unless the link passes the YouTube rule; fileUrl plays a stored video. */
  | { kind: 'video'; sourceUrl: string; embedUrl: string; fileUrl?: string }
  | { kind: 'download'; url: string; name: string }
  /** A block of a type the player cannot run: show a quiet notice, never skip it silently. */
  | { kind: 'unavailable'; reason: 'not-in-player' | 'placeholder' | 'unknown-type'; messageKey: string }
  /** Hide the feed items of these nodes (Hide Display block). */
  | { kind: 'hide'; nodeIds: string[] }
  /** Text for the device's own voice (Web Speech API) to read: no speech model is connected. */
  | { kind: 'speak'; text: string }
  /** A media block's honest note (offline demo, no video model…): message key `runtime.media.<code>`. */
  | { kind: 'notice'; messageKey: string }
  /** A small table (xAPI Report, Widget); cells are plain text, rendered as text, never as HTML. */
  | { kind: 'table'; title: string; columns: string[]; rows: string[][] };

export type TShowItem = TShowContent & {
  /** Unique within the run (the step number), for list keys. */
  key: string;
  nodeId: string;
  nodeType: string;
  label: string;
};

export type TQuizQuestionForLearner = {
  id: string;
  prompt: string;
  kind: 'single' | 'multiple' | 'text';
  options: string[];
};

export type TFormField = { id: string; label: string; multiline: boolean; required: boolean };

export type TChatMessage = { role: 'assistant' | 'learner'; text: string };

export type TMediaKind = 'image' | 'audio' | 'video' | 'file' | 'pdf';

export type TLearnerRequest =
  /** A Next button after content (a display block without autoExecuteNextNode). */
  | { kind: 'continue' }
  /** Show Button: one button with the author's text. */
  | { kind: 'button'; text: string }
  | { kind: 'text'; prompt: string; placeholder: string }
  /** capture: the phone's camera or microphone is the natural source. */
  | { kind: 'media'; media: TMediaKind; prompt: string; accept: string; capture: boolean }
  | { kind: 'form'; fields: TFormField[] }
  | { kind: 'quiz'; title: string; questions: TQuizQuestionForLearner[] }
  | { kind: 'choice'; prompt: string; options: Array<{ id: string; label: string }> }
  | { kind: 'conversation'; messages: TChatMessage[]; turn: number; maxTurns: number }
  /** Wait block: resume with `continue` once `until` (ms since the epoch) has passed. */
  | { kind: 'timer'; until: number; seconds: number }
  /** Whiteboard: the learner draws; the player uploads the PNG and answers `media`. */
  | { kind: 'draw'; prompt: string }
  /**
   * An uploaded package played in a sandboxed frame (H5P, or an xAPI/cmi5 zip launched with its own
   * LRS credentials): answer `package` with the statements the frame reported, or `continue`.
   */
  | {
      kind: 'package';
      format: TPackageFormat;
      packageId: string;
      prompt: string;
      /** xAPI/cmi5: the run's registration, which the package is launched with (its statements share it). */
      registration?: string;
    };

export type TPackageFormat = 'h5p' | 'tincan' | 'cmi5';

export type TWaiting = { nodeId: string; nodeType: string; label: string; request: TLearnerRequest };

export type TLearnerAnswer =
  | { kind: 'continue' }
  | { kind: 'text'; text: string }
  | { kind: 'media'; url: string; mediaType?: string; name?: string }
  | { kind: 'form'; values: Record<string, string> }
  /** Per question id: an option's text, its index ("0") or letter ("A"), several for multiple, or text. */
  | { kind: 'quiz'; responses: Record<string, string | string[]> }
  | { kind: 'choice'; optionId: string }
  /** Ends a conversation before its last turn. */
  | { kind: 'end' }
  /** Runs the failed block again (after a network or credit failure). */
  | { kind: 'retry' }
  /** A package's frame closed: the statements it reported (untrusted: the runtime re-stamps them). */
  | { kind: 'package'; statements: TJson[] };

/** Which answers each request accepts. */
const FITS: Record<TLearnerRequest['kind'], ReadonlyArray<TLearnerAnswer['kind']>> = {
  continue: ['continue'],
  button: ['continue'],
  text: ['text'],
  media: ['media'],
  form: ['form'],
  quiz: ['quiz'],
  choice: ['choice'],
  conversation: ['text', 'end'],
  timer: ['continue'],
  draw: ['media'],
  package: ['package', 'continue'],
};

export const answerFits = (request: TLearnerRequest, answer: TLearnerAnswer): boolean =>
  FITS[request.kind].includes(answer.kind);

const MAX_ANSWER = 100_000;
/** A package reports a few statements per interaction; more than this in one answer is not a learner's. */
export const MAX_PACKAGE_STATEMENTS = 200;
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? clean(v).slice(0, MAX_ANSWER) : undefined;

function stringRecord(v: unknown, allowLists: boolean): Record<string, string | string[]> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string | string[]> = {};
  for (const [k, raw] of Object.entries(v).slice(0, 500)) {
    const s = str(raw);
    if (s !== undefined) out[k] = s;
    else if (allowLists && Array.isArray(raw))
      out[k] = raw.map(str).filter((x): x is string => x !== undefined);
    else if (typeof raw === 'number' || typeof raw === 'boolean') out[k] = String(raw);
  }
  return out;
}

/**
 * An answer read from anywhere (the player's IndexedDB, a request body, a task's input JSON) as a
 * well-formed answer, or undefined. NUL characters are dropped and texts capped.
 */
export function parseAnswer(raw: unknown): TLearnerAnswer | undefined {
  if (!isRecord(raw)) return undefined;
  switch (raw.kind) {
    case 'continue':
    case 'end':
    case 'retry':
      return { kind: raw.kind };
    case 'text': {
      const text = str(raw.text);
      return text === undefined ? undefined : { kind: 'text', text };
    }
    case 'media': {
      const url = str(raw.url);
      if (!url) return undefined;
      const mediaType = str(raw.mediaType);
      const name = str(raw.name);
      return { kind: 'media', url, ...(mediaType ? { mediaType } : {}), ...(name ? { name } : {}) };
    }
    case 'form': {
      const values = stringRecord(raw.values, false) as Record<string, string> | undefined;
      return values ? { kind: 'form', values } : undefined;
    }
    case 'quiz': {
      const responses = stringRecord(raw.responses, true);
      return responses ? { kind: 'quiz', responses } : undefined;
    }
    case 'choice': {
      const optionId = str(raw.optionId);
      return optionId ? { kind: 'choice', optionId } : undefined;
    }
    case 'package':
      return Array.isArray(raw.statements)
        ? {
            kind: 'package',
            statements: raw.statements.filter(isRecord).slice(0, MAX_PACKAGE_STATEMENTS) as TJson[],
          }
        : undefined;
    default:
      return undefined;
  }
}
