import type { CSSProperties } from 'react';
import { EDGE_COLOURS } from '../../../shared/domain/link-rules';
import type { THandleType, TNodeGroupId } from '../../../shared/domain/node-catalogue';
import type { TNodeData } from '../canvas.types';
import { rgba } from '../graph-utils';

/** Defaults a block shows until the teacher sets its colours (spec 01 §3 node data). */
export const NODE_DEFAULTS = {
  textColor: '#1d2233',
  backgroundColor: '#ffffff',
  middleBackgroundColor: '#ffffff',
  bottomBackgroundColor: '#f0f2f8',
} as const;

/** The header band takes its group's tint, so blocks of one kind are recognised at a glance. */
export const GROUP_TINT: Readonly<Record<TNodeGroupId, string>> = {
  'input-content': '#dbeafe',
  display: '#dcfce7',
  'user-input': '#fef3c7',
  'ai-processing': '#ede9fe',
  logic: '#ffedd5',
  placeholders: '#e5e7eb',
};

/** The group colour at full strength: a block drawn as a plain box (level of detail) is this box. */
export const GROUP_COLOUR: Readonly<Record<TNodeGroupId, string>> = {
  'input-content': '#60a5fa',
  display: '#4ade80',
  'user-input': '#fbbf24',
  'ai-processing': '#a78bfa',
  logic: '#fb923c',
  placeholders: '#9ca3af',
};

// One style object per handle type, shared by every handle: no new objects per render.
export const HANDLE_STYLE: Readonly<Record<THandleType, CSSProperties>> = Object.fromEntries(
  Object.entries(EDGE_COLOURS).map(([type, colour]) => [type, { background: colour }]),
) as Record<THandleType, CSSProperties>;

export type TNodeLook = {
  root: CSSProperties;
  top: CSSProperties;
  middle: CSSProperties;
  bottom: CSSProperties;
};

/** The block's colours, image and shadow from its data; computed only when its data changes. */
export function nodeLook(data: TNodeData, group: TNodeGroupId): TNodeLook {
  const image = data.backgroundImage?.trim();
  const text = rgba(data.textColor || NODE_DEFAULTS.textColor, data.textOpacity ?? 1);
  const root: CSSProperties = {
    color: text,
    backgroundColor: data.backgroundColor || NODE_DEFAULTS.backgroundColor,
    boxShadow: data.dropShadow ? '0 8px 20px rgb(20 24 40 / 28%)' : undefined,
  };
  if (image) {
    root.backgroundImage = `url("${encodeURI(image).replace(/"/g, '%22')}")`;
    root.backgroundRepeat = data.tileOn ? 'repeat' : 'no-repeat';
    root.backgroundSize = data.tileOn ? 'auto' : 'cover';
    root.backgroundPosition = 'center';
  }
  const band = (
    colour: string | undefined,
    opacity: number | undefined,
    fallback: string,
    fallbackOpacity = 1,
  ) => ({
    backgroundColor: rgba(colour || fallback, opacity ?? (colour ? 1 : fallbackOpacity)),
  });
  // Middle and bottom bands are see-through until given a colour, so the background colour shows.
  return {
    root,
    top: band(data.topBackgroundColor, data.topBackgroundOpacity, GROUP_TINT[group], image ? 0.85 : 1),
    middle: band(
      data.middleBackgroundColor,
      data.middleBackgroundOpacity,
      NODE_DEFAULTS.middleBackgroundColor,
      0,
    ),
    bottom: band(
      data.bottomBackgroundColor,
      data.bottomBackgroundOpacity,
      NODE_DEFAULTS.bottomBackgroundColor,
      0,
    ),
  };
}
