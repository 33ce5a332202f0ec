import type { THandleSpec, THandleType, TNodeGroupId } from './types';

/**
 * Where the catalogue's user-visible texts are translated. The English in the data files stays the
 * canonical text (the server, the tools API and exports use it, and the UI falls back to it); the UI
 * shows `nodes:<key>` from public/locales/<lng>/nodes.json. en-GB/nodes.json must repeat the
 * English here word for word (tests/unit/i18n.nodes.test.ts), so an English change is seen to need
 * new translations.
 */
export const NODE_TEXT_NS = 'nodes';

/**
 * Short names of the data types, shown with a handle's label ("Prompt (Text)"). The link-refusal
 * sentences use their own, sentence-shaped names (canvas.handleTypes: "an image", "the next step").
 */
export const HANDLE_TYPE_NAMES: Readonly<Record<THandleType, string>> = {
  statement: 'Step',
  text: 'Text',
  speech: 'Audio',
  image: 'Image',
  drive: 'Drive file',
  knowledge: 'Knowledge',
  bank: 'Knowledge bank',
  branch: 'Branch',
  json: 'JSON data',
  xApiStatement: 'xAPI statement',
  csv: 'CSV rows',
  video: 'Video',
  execution: 'Background work',
  file: 'File',
};

/** The English label of a handle: its own, or its id in words ('userResponse' → 'User response'). */
export function handleLabel(handle: THandleSpec): string {
  if (handle.label) return handle.label;
  const words = handle.handleId.replace(/([A-Z])/g, (c) => ` ${c.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Handle labels are one shared vocabulary ("Chat log" is translated once for the five blocks that
 * have one), keyed by the English label in camelCase ('Chat log' → 'chatLog', 'PDF' → 'pdf'), or by
 * the handle id when the label is the id in words, so the two spellings of one label share a key.
 */
export function handleLabelKey(handle: THandleSpec): string {
  if (!handle.label) return handle.handleId;
  const [first = '', ...rest] = handle.label.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return first.toLowerCase() + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
}

/** The i18n key of each kind of catalogue text, inside the `nodes` namespace. */
export const NODE_TEXT_KEY = {
  name: (type: string) => `types.${type}.name`,
  description: (type: string) => `types.${type}.description`,
  group: (id: TNodeGroupId) => `groups.${id}`,
  handle: (handle: THandleSpec) => `handles.${handleLabelKey(handle)}`,
  dataType: (type: THandleType) => `dataTypes.${type}`,
  reason: (reason: string) => `reasons.${reason}`,
  switch: (key: string) => `switches.${key}`,
} as const;
