import { AI_PROCESSING_NODES } from './ai-processing';
import { AI_PROCESSING_TOOL_NODES } from './ai-processing-tools';
import { DISPLAY_NODES } from './display';
import { INPUT_CONTENT_NODES } from './input-content';
import { LOGIC_NODES } from './logic';
import { PLACEHOLDER_NODES } from './placeholders';
import { HANDLE_TYPE_NAMES, handleLabel, NODE_TEXT_KEY } from './texts';
import type { THandleSpec, THandleType, TNodeGroupId, TNodeSpec } from './types';
import { USER_INPUT_NODES } from './user-input';

export {
  HANDLE_TYPE_NAMES,
  handleLabel,
  handleLabelKey,
  NODE_TEXT_KEY,
  NODE_TEXT_NS,
} from './texts';
export type {
  THandleDirection,
  THandleSpec,
  THandleType,
  TNodeGroupId,
  TNodeSpec,
  TNodeSwitch,
} from './types';
export { HANDLE_TYPES } from './types';

/**
 * Palette order, with the spec's group names (spec 01 §9). Teachers see the placeholders group as
 * "Coming later": the spec's "Disabled placeholders" describes it for us, not for them.
 */
export const NODE_GROUPS: ReadonlyArray<{ readonly id: TNodeGroupId; readonly name: string }> = [
  { id: 'input-content', name: 'Input and content' },
  { id: 'display', name: 'Display' },
  { id: 'user-input', name: 'User input' },
  { id: 'ai-processing', name: 'AI and processing' },
  { id: 'logic', name: 'Logic' },
  { id: 'placeholders', name: 'Coming later' },
];

export const NODE_CATALOGUE: ReadonlyArray<TNodeSpec> = Object.freeze([
  ...INPUT_CONTENT_NODES,
  ...DISPLAY_NODES,
  ...USER_INPUT_NODES,
  ...AI_PROCESSING_NODES,
  ...AI_PROCESSING_TOOL_NODES,
  ...LOGIC_NODES,
  ...PLACEHOLDER_NODES,
]);

export const NODE_SPEC_BY_TYPE: ReadonlyMap<string, TNodeSpec> = new Map(
  NODE_CATALOGUE.map((s) => [s.type, s]),
);

// Handle lookups run for every edge on every save and on every hover while a link is dragged.
const HANDLE_BY_KEY: ReadonlyMap<string, THandleSpec> = new Map(
  NODE_CATALOGUE.flatMap((s) => s.handles.map((h) => [`${s.type}\u0000${h.handleId}`, h] as const)),
);

export const isKnownNodeType = (type: string): boolean => NODE_SPEC_BY_TYPE.has(type);

export const nodeSpec = (type: string): TNodeSpec | undefined => NODE_SPEC_BY_TYPE.get(type);

export const handleSpec = (type: string, handleId: string): THandleSpec | undefined =>
  HANDLE_BY_KEY.get(`${type}\u0000${handleId}`);

export type TPaletteReason = 'disabled' | 'organisation-only' | 'forced-disabled';

/** English text per reason, shown in place of the description; the UI translates by code. */
export const PALETTE_REASON_TEXT: Readonly<Record<TPaletteReason, string>> = {
  disabled: 'Not available yet.',
  'organisation-only': 'Only available in an organisation.',
  'forced-disabled': 'Cannot be added at the moment.',
};

export type TPaletteEntry = { spec: TNodeSpec; placeable: boolean; reason?: TPaletteReason };
export type TPaletteGroup = { id: TNodeGroupId; name: string; entries: TPaletteEntry[] };

// The most specific reason wins: a placeholder is never placeable, and in a personal space the
// organisation rule explains more than the generic forced-disabled one.
function refusalOf(spec: TNodeSpec, personalSpace: boolean): TPaletteReason | undefined {
  if (spec.disabled) return 'disabled';
  if (personalSpace && !spec.personalSpaceAllowed) return 'organisation-only';
  if (spec.forcedDisabled) return 'forced-disabled';
  return undefined;
}

// Typographic apostrophes in descriptions must match the straight ones people type.
const fold = (s: string): string => s.toLowerCase().replace(/[\u2018\u2019]/g, "'");

/**
 * Palette content, grouped in NODE_GROUPS order; groups left empty by the search are omitted.
 * Every word of the search must appear in the name, the type or the description (case-insensitive),
 * in English or in `textOf(spec)`, which the UI passes to search the texts it shows too.
 */
export function paletteEntries(opts: {
  personalSpace: boolean;
  search?: string;
  textOf?: (spec: TNodeSpec) => string;
}): TPaletteGroup[] {
  const words = fold(opts.search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const matches = (s: TNodeSpec): boolean => {
    if (words.length === 0) return true;
    const haystack = fold(`${s.name}\n${s.type}\n${s.description}\n${opts.textOf?.(s) ?? ''}`);
    return words.every((w) => haystack.includes(w));
  };
  const groups: TPaletteGroup[] = [];
  for (const group of NODE_GROUPS) {
    const entries: TPaletteEntry[] = [];
    for (const spec of NODE_CATALOGUE) {
      if (spec.group !== group.id || !matches(spec)) continue;
      const reason = refusalOf(spec, opts.personalSpace);
      entries.push(reason ? { spec, placeable: false, reason } : { spec, placeable: true });
    }
    if (entries.length > 0) groups.push({ id: group.id, name: group.name, entries });
  }
  return groups;
}

/** The spec's wire shape of a catalogue entry (spec 01 §3), for the tools API and exports. */
export function catalogueEntry(spec: TNodeSpec): {
  name: string;
  description: string;
  type: string;
  disabled: boolean;
  handleTypes: THandleType[];
  inputHandles: Array<{ handleId: string; type: THandleType }>;
  outputHandles: Array<{ handleId: string; type: THandleType }>;
  helpLink: string;
  isPersonalSpace: boolean;
} {
  const pick = (h: THandleSpec) => ({ handleId: h.handleId, type: h.type });
  return {
    name: spec.name,
    description: spec.description,
    type: spec.type,
    disabled: spec.disabled || spec.forcedDisabled,
    handleTypes: [...new Set(spec.handles.map((h) => h.type))],
    inputHandles: spec.handles.filter((h) => h.direction === 'input').map(pick),
    outputHandles: spec.handles.filter((h) => h.direction === 'output').map(pick),
    helpLink: spec.helpLink,
    isPersonalSpace: spec.personalSpaceAllowed,
  };
}

/**
 * Every user-visible catalogue text as i18n key → canonical English: names, descriptions, groups,
 * handle labels, switch labels, data type names and palette reasons. The i18n test checks each language against it.
 */
export function catalogueTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const g of NODE_GROUPS) texts.set(NODE_TEXT_KEY.group(g.id), g.name);
  for (const [reason, text] of Object.entries(PALETTE_REASON_TEXT)) {
    texts.set(NODE_TEXT_KEY.reason(reason), text);
  }
  for (const [type, name] of Object.entries(HANDLE_TYPE_NAMES)) {
    texts.set(NODE_TEXT_KEY.dataType(type as THandleType), name);
  }
  for (const s of NODE_CATALOGUE) {
    texts.set(NODE_TEXT_KEY.name(s.type), s.name);
    texts.set(NODE_TEXT_KEY.description(s.type), s.description);
    for (const h of s.handles) texts.set(NODE_TEXT_KEY.handle(h), handleLabel(h));
    for (const w of s.switches) texts.set(NODE_TEXT_KEY.switch(w.key), w.label);
  }
  return texts;
}
