import { useSyncExternalStore } from 'react';

/**
 * Level of detail. Below LOD_ZOOM a block's 12–14 px texts are under 5 px on screen and cannot be
 * read, so blocks draw as a box in their group colour (no handles, no text) and links as straight
 * lines. The switch is drawing only: the graph, its selection, links and the edit history are the
 * same objects either way. One flag for the whole canvas, set by the viewport (LodWatch), so crossing
 * the threshold re-renders the drawn blocks once and panning never touches them.
 */
export const LOD_ZOOM = 0.4;

let simplified = false;
const listeners = new Set<() => void>();

export const isSimplified = (): boolean => simplified;

export function setZoomLevel(zoom: number): void {
  const next = zoom < LOD_ZOOM;
  if (next === simplified) return;
  simplified = next;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export const useSimplified = (): boolean => useSyncExternalStore(subscribe, isSimplified, isSimplified);
