import { useStoreApi } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useSimplified } from '../lod';
import { blockAt, lodScene, paintScene } from '../lod-scene';
import { graph } from '../store/canvas.store';
import { selectOnlyNode } from '../store/edit.actions';

/** Set while the simplified drawing is shown: selects the block under a click on the pane. */
let clickAt: ((clientX: number, clientY: number) => boolean) | null = null;
export const lodPaneClick = (e: { clientX: number; clientY: number }): boolean =>
  clickAt?.(e.clientX, e.clientY) ?? false;

/**
 * The simplified drawing (lod.ts): zoomed out past reading, xyflow draws no blocks or links at all
 * and this one <canvas> paints the whole flow as boxes and lines, a few paths per frame whatever the
 * flow's size. It repaints in the frame after the viewport or the graph changes. A click on a box
 * selects its block; the selection, links and history are the graph's own, untouched by the switch.
 */
export function LodLayer() {
  const simplified = useSimplified();
  const ref = useRef<HTMLCanvasElement>(null);
  const store = useStoreApi();

  useEffect(() => {
    if (!simplified) return;
    let frame = 0;
    const paint = () => {
      frame = 0;
      const canvas = ref.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      const { transform, width, height } = store.getState();
      const ratio = window.devicePixelRatio || 1;
      const w = Math.round(width * ratio);
      const h = Math.round(height * ratio);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      const scene = lodScene(graph.get());
      paintScene(ctx, scene, transform, ratio);
      canvas.dataset.drawn = String(scene.blocks);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(paint);
    };
    paint();
    const offStore = store.subscribe(schedule);
    const offGraph = graph.subscribe(schedule);
    clickAt = (clientX, clientY) => {
      const canvas = ref.current;
      if (!canvas) return false;
      const r = canvas.getBoundingClientRect();
      const [tx, ty, zoom] = store.getState().transform;
      const id = blockAt(graph.get(), (clientX - r.left - tx) / zoom, (clientY - r.top - ty) / zoom);
      selectOnlyNode(id);
      return id !== null;
    };
    return () => {
      offStore();
      offGraph();
      cancelAnimationFrame(frame);
      clickAt = null;
    };
  }, [simplified, store]);

  if (!simplified) return null;
  return <canvas ref={ref} className="flow-lod" data-testid="flow-lod" />;
}
