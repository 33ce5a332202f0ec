/**
 * How the reports read one xAPI statement (spec 02 §3 "xAPI statement (dashboard)"): the actor's name
 * and e-mail, the verb's display text, the object's name, the score and the evidence. Pure: the server
 * builds the reports with it and the dashboard its table and CSV.
 */
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The text of a language map in the preferred language, else en-US, en, then any. */
export function langText(map: unknown, lang = 'en-US'): string | undefined {
  const m = obj(map);
  if (!m) return str(map);
  const base = lang.split('-')[0];
  const pick =
    m[lang] ??
    m['en-US'] ??
    m['en-GB'] ??
    m.en ??
    Object.entries(m).find(([k]) => k.split('-')[0] === base)?.[1];
  return str(pick) ?? str(Object.values(m)[0]);
}

/** The last path part of an IRI: 'http://adlnet.gov/expapi/verbs/answered' → 'answered'. */
export const iriTail = (iri: string): string =>
  iri
    .replace(/[/#]+$/, '')
    .split(/[/#]/)
    .pop() || iri;

export function actorEmail(statement: unknown): string {
  const mbox = str(obj(obj(statement)?.actor)?.mbox);
  return mbox ? mbox.replace(/^mailto:/i, '') : '';
}

export function actorName(statement: unknown): string {
  const actor = obj(obj(statement)?.actor);
  return str(actor?.name) ?? (actorEmail(statement) || str(obj(actor?.account)?.name) || 'Unknown User');
}

export function verbId(statement: unknown): string {
  return str(obj(obj(statement)?.verb)?.id) ?? '';
}

export function verbName(statement: unknown, lang?: string): string {
  const verb = obj(obj(statement)?.verb);
  return langText(verb?.display, lang) ?? iriTail(str(verb?.id) ?? '');
}

export function objectName(statement: unknown, lang?: string): string {
  const o = obj(obj(statement)?.object);
  return langText(obj(o?.definition)?.name, lang) ?? str(o?.name) ?? str(o?.id) ?? '';
}

export interface TScore {
  raw: number | null;
  min: number | null;
  max: number | null;
}

export function scoreOf(statement: unknown): TScore | null {
  const s = obj(obj(obj(statement)?.result)?.score);
  if (!s) return null;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return { raw: n(s.raw), min: n(s.min), max: n(s.max) };
}

/** 'raw/max', or '-' when there is no score to show (no raw, or max missing or 0). */
export function scoreText(score: TScore | null): string {
  if (!score || score.raw === null || !score.max) return '-';
  return `${score.raw}/${score.max}`;
}

/**
 * The evidence: the context extension whose key ends in 'evidence' (a string, or an object with a
 * description or an id), else result.response; null when there is none.
 */
export function evidenceOf(statement: unknown): string | null {
  const ext = obj(obj(obj(statement)?.context)?.extensions) ?? {};
  for (const [key, value] of Object.entries(ext)) {
    if (!key.toLowerCase().endsWith('evidence')) continue;
    if (typeof value === 'string') return value;
    const o = obj(value);
    const text = str(o?.description) ?? str(o?.id);
    if (text) return text;
  }
  return str(obj(obj(statement)?.result)?.response) ?? null;
}

/**
 * The media id when the evidence is a file the app stores (`…/api/s3/download/{id}`, a photo answer
 * of the player), else null. Reports turn it into a short-lived signed link.
 */
export function evidenceMediaOf(statement: unknown): string | null {
  const ext = obj(obj(obj(statement)?.context)?.extensions) ?? {};
  for (const [key, value] of Object.entries(ext)) {
    if (!key.toLowerCase().endsWith('evidence')) continue;
    const ref = typeof value === 'string' ? value : str(obj(value)?.id);
    const id = ref ? /\/api\/s3\/download\/([0-9a-f]{24})(?=$|[?#])/.exec(ref)?.[1] : undefined;
    if (id) return id;
  }
  return null;
}

/** Two letters for a badge: 'Ann Lee' → 'AL', 'bob@x.test' → 'BO'. */
export function initials(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[words.length - 1][0]).toUpperCase();
}
