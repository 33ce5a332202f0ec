import { useStore } from '@xyflow/react';
import { useEffect } from 'react';
import { LOD_ZOOM, setZoomLevel } from '../lod';

// One boolean (or null before xyflow has placed the opening view, when its transform is still the
// default 1:1): this component re-renders only when the zoom crosses the threshold.
const below = (s: { panZoom: unknown; transform: [number, number, number] }) =>
  s.panZoom ? s.transform[2] < LOD_ZOOM : null;

/** Inside ReactFlow: tells the level-of-detail flag when the zoom crosses LOD_ZOOM. */
export function LodWatch() {
  const simplified = useStore(below);
  useEffect(() => {
    if (simplified !== null) setZoomLevel(simplified ? 0 : 1);
  }, [simplified]);
  // A new flow (or a remount) starts from the full drawing until the viewport says otherwise.
  useEffect(() => () => setZoomLevel(1), []);
  return null;
}
