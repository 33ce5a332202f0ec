import '@xyflow/react/dist/style.css';
import {
  Background,
  type Connection,
  type FinalConnectionState,
  MiniMap,
  type OnConnectStartParams,
  ReactFlow,
} from '@xyflow/react';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TCanvasEdge, TCanvasNode } from '../canvas.types';
import { useSimplified } from '../lod';
import { editor, useGraph } from '../store/canvas.store';
import { connect, onEdgesChange, onNodesChange, reconnect } from '../store/edit.actions';
import { commit } from '../store/history.actions';
import { setReconnecting } from '../store/link-checker';
import {
  endLinkDrag,
  isValidLink,
  linkHint,
  refusalOf,
  showRefusal,
  startLinkDrag,
} from '../store/link-drag';
import { setCanvasElement } from '../viewport';
import { EmptyCanvasHint } from './EmptyCanvasHint';
import { EDGE_TYPES } from './FlowEdge';
import { NODE_TYPES } from './FlowNode';
import { LinkBanner } from './LinkBanner';
import { LodLayer, lodPaneClick } from './LodLayer';
import { LodWatch } from './LodWatch';
import { OverviewMap } from './OverviewMap';
import { MIN_ZOOM, openingView, type TView } from './opening-view';
import { ViewControls } from './ViewControls';

// Handlers and options live at module level: ReactFlow must see the same objects on every render.
const MULTI_SELECT_KEYS = ['Shift', 'Meta', 'Control'];
const PAN_WITH_MIDDLE_OR_RIGHT = [1, 2];
const onConnect = (conn: Connection) => {
  const r = connect(conn);
  if (!r.ok) showRefusal(refusalOf(conn));
};
// Dragging a link's end elsewhere: while it moves the old link takes no slot, so the handles it may
// reach are those a new link from its fixed end may reach.
const onReconnectStart = (_: unknown, edge: TCanvasEdge) => setReconnecting(edge.id);
const onReconnect = (old: TCanvasEdge, conn: Connection) => {
  const r = reconnect(old, conn);
  if (!r.ok) showRefusal(refusalOf(conn));
};
const onReconnectEnd = () => setReconnecting(null);
const onConnectStart = (_: unknown, p: OnConnectStartParams) =>
  startLinkDrag(p.nodeId, p.handleId, p.handleType);
const onConnectEnd = (_: unknown, state: FinalConnectionState) => endLinkDrag(state);
const onGestureEnd = () => {
  commit();
};
const onPaneClick = (e: { clientX: number; clientY: number }) => {
  // In the simplified drawing the blocks are paint: a click on one selects it.
  if (lodPaneClick(e)) return;
  if (editor.drawer === 'panel') editor.drawer = null;
};
// Zoomed out past reading xyflow gets no blocks and no links: LodLayer paints them all at once.
const NO_NODES: TCanvasNode[] = [];
const NO_EDGES: TCanvasEdge[] = [];
const MINIMAP_STYLE = { width: 168, height: 112 };
const miniMapColour = (n: TCanvasNode) => (n.selected ? '#3b4bd8' : '#94a3b8');
// The canvas re-renders on every change of the graph (each drag frame, each undo). Its parts that
// take no props from it are made once: React skips an element it is handed again unchanged, so they
// do not re-render with it.
const LOD_WATCH = <LodWatch />;
const BACKGROUND = <Background gap={24} />;
const VIEW_CONTROLS = <ViewControls />;
const LOD_LAYER = <LodLayer />;
const OVERVIEW_MAP = <OverviewMap />;
const LINK_BANNER = <LinkBanner />;
const EMPTY_CANVAS_HINT = <EmptyCanvasHint />;
// Past this many blocks, only those in view are drawn (xyflow's onlyRenderVisibleElements).
const VISIBLE_ONLY_FROM = 300;
// Past this many, xyflow's MiniMap costs more per frame than the drag itself: a cheaper overview.
const LIGHT_OVERVIEW_FROM = 800;

/** The ReactFlow canvas: a controlled flow over the editor's graph store. */
export function Canvas() {
  const { t } = useTranslation();
  const { nodes, edges } = useGraph();
  const { boxSelect } = useSnapshot(editor);
  const { active } = useSnapshot(linkHint);
  const simplified = useSimplified();
  // The opening view needs the canvas's size: read in a layout effect, before anything is painted.
  const [view, setView] = useState<TView | null>(null);
  useLayoutEffect(() => setView(openingView()), []);
  return (
    <section
      className={`flow-canvas${active ? ' flow-canvas--linking' : ''}`}
      ref={setCanvasElement}
      aria-label={t('canvas.canvasLabel')}
    >
      {view && (
        <ReactFlow<TCanvasNode, TCanvasEdge>
          nodes={simplified ? NO_NODES : nodes}
          edges={simplified ? NO_EDGES : edges}
          nodeTypes={NODE_TYPES}
          edgeTypes={EDGE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onConnectStart={onConnectStart}
          onConnectEnd={onConnectEnd}
          onReconnectStart={onReconnectStart}
          onReconnect={onReconnect}
          onReconnectEnd={onReconnectEnd}
          isValidConnection={isValidLink}
          onNodeDragStop={onGestureEnd}
          onSelectionDragStop={onGestureEnd}
          onPaneClick={onPaneClick}
          deleteKeyCode={null}
          selectionKeyCode="Shift"
          multiSelectionKeyCode={MULTI_SELECT_KEYS}
          selectionOnDrag={boxSelect}
          panOnDrag={boxSelect ? PAN_WITH_MIDDLE_OR_RIGHT : true}
          onlyRenderVisibleElements={nodes.length > VISIBLE_ONLY_FROM}
          connectionRadius={28}
          defaultViewport={view}
          minZoom={MIN_ZOOM}
          maxZoom={2}
        >
          {LOD_WATCH}
          {/* Zoomed far out its dots would be sub-pixel tiles, costly to paint and invisible. */}
          {!simplified && BACKGROUND}
          {VIEW_CONTROLS}
          {LOD_LAYER}
          {/* xyflow's MiniMap shows the blocks xyflow has: none in the simplified drawing. */}
          {nodes.length > LIGHT_OVERVIEW_FROM || simplified ? (
            OVERVIEW_MAP
          ) : (
            <MiniMap
              pannable
              zoomable
              style={MINIMAP_STYLE}
              nodeColor={miniMapColour}
              ariaLabel={t('canvas.minimap')}
            />
          )}
        </ReactFlow>
      )}
      {LINK_BANNER}
      {EMPTY_CANVAS_HINT}
    </section>
  );
}
