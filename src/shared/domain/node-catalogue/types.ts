/**
 * The node catalogue's shapes, and the conventions every data file of this folder follows.
 *
 * Handle conventions (spec 01 §9 gives handle ids for only a few nodes; the rest are ours):
 * - The control path is typed `statement`: a node that does something at a moment of the run (shows,
 *   asks, calls a model, waits, decides) has a statement input `in` and a statement output `out`.
 * - Nodes that only hold a value (text, image, audio clip, JSON block, knowledge banks) have data
 *   outputs only: they are read when a consumer runs, so they never sit on the control path.
 *   commentNode is a note for authors and has no handles at all.
 * - Only findWordNode and multiTurnConversationNode have more than one statement output (the spec's
 *   named outputs); they are also the spec's exceptions to "one outgoing statement link". Every other
 *   node has at most one, so counting statement links per node or per handle gives the same answer.
 *   Nodes that choose between paths use `branch` outputs instead (branchingNode, multiTurnRouterNode)
 *   and a path starts at a Show Button (conditionalNode), whose `branch` input accepts many links.
 * - `execution` links order background work: Start's `exec` output, and the Execution Merger and
 *   Parallel Processing nodes (`execIn` inputs accept many links, `exec` outputs).
 * - Data handles are named by role (`prompt`, `response`, `transcript`, `score`…), never by
 *   direction, and a handle id is unique within its node across both directions, because the canvas
 *   keys connected handles as `${nodeId}:${handleId}` (spec 01 §4).
 * - A data input accepts one link (spec 01 §4), so nodes that combine values have one input per value
 *   (textMergeNode `first` and `second`).
 * - Every data type has at least one producer and one consumer among placeable nodes (tested).
 */

/** Spec 01 §3's twelve handle data types, plus execution and file, which the edge colours name. */
export type THandleType =
  | 'statement'
  | 'text'
  | 'speech'
  | 'image'
  | 'drive'
  | 'knowledge'
  | 'bank'
  | 'branch'
  | 'json'
  | 'xApiStatement'
  | 'csv'
  | 'video'
  | 'execution'
  | 'file';

export const HANDLE_TYPES: ReadonlyArray<THandleType> = [
  'statement',
  'text',
  'speech',
  'image',
  'drive',
  'knowledge',
  'bank',
  'branch',
  'json',
  'xApiStatement',
  'csv',
  'video',
  'execution',
  'file',
];

export type THandleDirection = 'input' | 'output';

export type THandleSpec = {
  readonly handleId: string;
  readonly type: THandleType;
  readonly direction: THandleDirection;
  /** English label shown next to the handle, when the id in words is not right (texts.ts). */
  readonly label?: string;
};

/**
 * A yes/no setting of a block, kept as `data[key]` (true, or absent/false = off, so flows saved
 * before it existed keep their behaviour) and shown as a check box in the block's settings panel.
 * The label is English; the UI shows `nodes:switches.<key>` (one key, one label across blocks).
 */
export type TNodeSwitch = { readonly key: string; readonly label: string };

export type TNodeGroupId =
  | 'input-content'
  | 'display'
  | 'user-input'
  | 'ai-processing'
  | 'logic'
  | 'placeholders';

export type TNodeSpec = {
  readonly type: string;
  readonly group: TNodeGroupId;
  /** English display name; the UI shows `nodes:types.<type>.name` (texts.ts). */
  readonly name: string;
  /** One sentence: what the block does for a teacher (translated like the name). */
  readonly description: string;
  readonly handles: ReadonlyArray<THandleSpec>;
  /** Relative share route per spec 01 §2 "Flow links": `flow/share/{type}`. */
  readonly helpLink: string;
  /** Spec 01 §9 "Disabled placeholders": listed in the palette, never placeable. */
  readonly disabled: boolean;
  /** Spec 01 §9 "Forced disabled in the palette": the node runs if present but cannot be placed. */
  readonly forcedDisabled: boolean;
  /** False only for organizationKnowledgeBankNode (spec 01 §6). */
  readonly personalSpaceAllowed: boolean;
  /** Version of the node's data shape, written into .flow files; bump when the data shape changes. */
  readonly version: number;
  /** The block's yes/no settings, in panel order (none for most blocks). */
  readonly switches: ReadonlyArray<TNodeSwitch>;
};

/** What a data file writes; defineNodes fills in the rest so the defaults live in one place. */
export type TNodeDef = {
  type: string;
  name: string;
  description: string;
  handles: ReadonlyArray<THandleSpec>;
  disabled?: boolean;
  forcedDisabled?: boolean;
  personalSpaceAllowed?: boolean;
  version?: number;
  switches?: ReadonlyArray<TNodeSwitch>;
};

export const input = (handleId: string, type: THandleType, label?: string): THandleSpec =>
  label === undefined
    ? { handleId, type, direction: 'input' }
    : { handleId, type, direction: 'input', label };

export const output = (handleId: string, type: THandleType, label?: string): THandleSpec =>
  label === undefined
    ? { handleId, type, direction: 'output' }
    : { handleId, type, direction: 'output', label };

export const STATEMENT_IN = input('in', 'statement');
export const STATEMENT_OUT = output('out', 'statement');

/** The control path of a runnable node, followed by its data handles. */
export const step = (...data: THandleSpec[]): ReadonlyArray<THandleSpec> => [
  STATEMENT_IN,
  STATEMENT_OUT,
  ...data,
];

export const helpLinkOf = (type: string): string => `flow/share/${type}`;

export function defineNodes(group: TNodeGroupId, defs: ReadonlyArray<TNodeDef>): ReadonlyArray<TNodeSpec> {
  return defs.map((d) =>
    Object.freeze({
      type: d.type,
      group,
      name: d.name,
      description: d.description,
      handles: Object.freeze([...d.handles]),
      helpLink: helpLinkOf(d.type),
      disabled: d.disabled ?? false,
      forcedDisabled: d.forcedDisabled ?? false,
      personalSpaceAllowed: d.personalSpaceAllowed ?? true,
      version: d.version ?? 1,
      switches: Object.freeze([...(d.switches ?? [])]),
    }),
  );
}
