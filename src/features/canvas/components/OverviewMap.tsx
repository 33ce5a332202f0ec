import { Panel, useReactFlow, useStore } from '@xyflow/react';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGraphState } from '../canvas.types';
import { NODE_WIDTH } from '../node-layout';
import { graph } from '../store/canvas.store';

const W = 168;
const H = 112;
const REDRAW_MS = 200;
type TBox = { x: number; y: number; scale: number };

/** Where the flow sits in the overview: its bounds scaled to fit, centred. */
function boxOf({ nodes }: TGraphState): TBox {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const n of nodes) {
    minX = Math.min(minX, n.position.x);
    minY = Math.min(minY, n.position.y);
    maxX = Math.max(maxX, n.position.x + NODE_WIDTH);
    maxY = Math.max(maxY, n.position.y + (n.measured?.height ?? n.initialHeight ?? 100));
  }
  const scale = Math.min(W / (maxX - minX || 1), H / (maxY - minY || 1));
  return { x: minX - (W / scale - (maxX - minX)) / 2, y: minY - (H / scale - (maxY - minY)) / 2, scale };
}

const transformSel = (s: { transform: [number, number, number]; width: number; height: number }) =>
  `${s.transform[0]},${s.transform[1]},${s.transform[2]},${s.width},${s.height}`;

/**
 * The overview for large flows. xyflow's MiniMap gives every block its own store subscription, which
 * costs more per drag frame than the drag itself past a thousand blocks; this one draws all blocks
 * on one <canvas> at most every REDRAW_MS and moves only its view rectangle as the canvas pans.
 */
export function OverviewMap() {
  const { t } = useTranslation();
  const ref = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState<TBox>(() => boxOf(graph.get()));
  const view = useStore(transformSel).split(',').map(Number);
  const { setCenter, getZoom } = useReactFlow();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = () => {
      timer = undefined;
      const g = graph.get();
      const b = boxOf(g);
      setBox((old) => (old.x === b.x && old.y === b.y && old.scale === b.scale ? old : b));
      const ctx = ref.current?.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, W, H);
      for (const n of g.nodes) {
        ctx.fillStyle = n.selected ? '#3b4bd8' : '#94a3b8';
        const h = n.measured?.height ?? n.initialHeight ?? 100;
        ctx.fillRect(
          (n.position.x - b.x) * b.scale,
          (n.position.y - b.y) * b.scale,
          Math.max(1, NODE_WIDTH * b.scale),
          Math.max(1, h * b.scale),
        );
      }
    };
    draw();
    const unsubscribe = graph.subscribe(() => {
      timer ??= setTimeout(draw, REDRAW_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);

  const [tx, ty, zoom, width, height] = view;
  const rect = {
    left: (-tx / zoom - box.x) * box.scale,
    top: (-ty / zoom - box.y) * box.scale,
    width: (width / zoom) * box.scale,
    height: (height / zoom) * box.scale,
  };
  const panTo = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.buttons !== 1) return;
    const r = e.currentTarget.getBoundingClientRect();
    void setCenter((e.clientX - r.left) / box.scale + box.x, (e.clientY - r.top) / box.scale + box.y, {
      zoom: getZoom(),
    });
  };
  return (
    <Panel position="bottom-right">
      <div
        className="overview-map"
        role="img"
        aria-label={t('canvas.minimap')}
        onPointerDown={panTo}
        onPointerMove={panTo}
      >
        <canvas ref={ref} width={W} height={H} />
        <div className="overview-map__view" style={rect} />
      </div>
    </Panel>
  );
}
