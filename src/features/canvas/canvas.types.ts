import type { Edge, Node } from '@xyflow/react';

/** One entry of a block's forms list (spec 01 §3). */
export type TNodeForm = { id: string; value: string };

/**
 * Node data of spec 01 §3. Opacities are 0–1; colours are #rrggbb. Every field is optional: a block
 * placed from the palette carries only its label, and the node component supplies the defaults.
 */
export type TNodeData = {
  label?: string;
  customizable?: boolean;
  textColor?: string;
  textOpacity?: number;
  backgroundColor?: string;
  backgroundImage?: string;
  tileOn?: boolean;
  topBackgroundColor?: string;
  topBackgroundOpacity?: number;
  middleBackgroundColor?: string;
  middleBackgroundOpacity?: number;
  bottomBackgroundColor?: string;
  bottomBackgroundOpacity?: number;
  dropShadow?: boolean;
  autoExecuteNextNode?: boolean;
  forms?: TNodeForm[];
  [key: string]: unknown;
};

export type TBrokenMark = { code: string; reason: string };
export type TEdgeData = { broken?: TBrokenMark; condition?: boolean; [key: string]: unknown };

export type TCanvasNode = Node<TNodeData>;
export type TCanvasEdge = Edge<TEdgeData>;

export type TGraphState = { nodes: TCanvasNode[]; edges: TCanvasEdge[] };

/** The four states of spec 01 §6 plus the two that need the teacher: a refused save and a conflict. */
export type TSaveState = 'saved' | 'saving' | 'device' | 'offline' | 'refused' | 'conflict' | 'tab';
