import { useStore } from '@xyflow/react';
import { useEffect } from 'react';
import { LOD_ZOOM, setZoomLevel } from '../lod';

// A boolean selector: this component re-renders only when the zoom crosses the threshold.
const below = (s: { transform: [number, number, number] }) => s.transform[2] < LOD_ZOOM;

/** Inside ReactFlow: tells the level-of-detail flag when the zoom crosses LOD_ZOOM. */
export function LodWatch() {
  const simplified = useStore(below);
  useEffect(() => setZoomLevel(simplified ? 0 : 1), [simplified]);
  // A new flow (or a remount) starts from the full drawing until the viewport says otherwise.
  useEffect(() => () => setZoomLevel(1), []);
  return null;
}
