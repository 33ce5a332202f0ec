import { AI_PROCESSING_NODES } from './ai-processing';
import { AI_PROCESSING_TOOL_NODES } from './ai-processing-tools';
import { DISPLAY_NODES } from './display';
import { INPUT_CONTENT_NODES } from './input-content';
import { LOGIC_NODES } from './logic';
import { PLACEHOLDER_NODES } from './placeholders';
import type { THandleSpec, THandleType, TNodeGroupId, TNodeSpec } from './types';
import { USER_INPUT_NODES } from './user-input';

export type { THandleDirection, THandleSpec, THandleType, TNodeGroupId, TNodeSpec } from './types';
export { HANDLE_TYPES } from './types';

/** Palette order, with the spec's group names (spec 01 §9). */
export const NODE_GROUPS: ReadonlyArray<{ readonly id: TNodeGroupId; readonly name: string }> = [
  { id: 'input-content', name: 'Input and content' },
  { id: 'display', name: 'Display' },
  { id: 'user-input', name: 'User input' },
  { id: 'ai-processing', name: 'AI and processing' },
  { id: 'logic', name: 'Logic' },
  { id: 'placeholders', name: 'Disabled placeholders' },
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

/** The label to show for a handle: its own, or its id in words ('userResponse' → 'User response'). */
export function handleLabel(handle: THandleSpec): string {
  if (handle.label) return handle.label;
  const words = handle.handleId.replace(/([A-Z])/g, (c) => ` ${c.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type TPaletteReason = 'disabled' | 'organisation-only' | 'forced-disabled';

/** English text per reason; the UI translates by code. */
export const PALETTE_REASON_TEXT: Readonly<Record<TPaletteReason, string>> = {
  disabled: 'This block is not available yet.',
  'organisation-only': 'This block is only available in an organisation.',
  'forced-disabled': 'This block cannot be added at the moment.',
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
 * Every word of the search must appear in the name, the type or the description (case-insensitive).
 */
export function paletteEntries(opts: { personalSpace: boolean; search?: string }): TPaletteGroup[] {
  const words = fold(opts.search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const matches = (s: TNodeSpec): boolean => {
    const haystack = fold(`${s.name}\n${s.type}\n${s.description}`);
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
