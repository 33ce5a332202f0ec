import {
  BaseEdge,
  BezierEdge,
  EdgeLabelRenderer,
  type EdgeProps,
  getBezierPath,
  SimpleBezierEdge,
  SmoothStepEdge,
  StepEdge,
  StraightEdge,
  useReactFlow,
} from '@xyflow/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { handleSpec } from '../../../shared/domain/node-catalogue';
import type { TCanvasEdge } from '../canvas.types';
import { WarningIcon } from './icons';
import { LinkDeleteButton } from './LinkDeleteButton';

const BROKEN_STYLE = { stroke: '#dc2626', strokeWidth: 2, strokeDasharray: '8 6' };

/** A link an import marked broken: dashed red, with its reason on a badge (full text when selected). */
function BrokenEdge(props: EdgeProps<TCanvasEdge>) {
  const { t } = useTranslation();
  const { getNode } = useReactFlow();
  const [path, x, y] = getBezierPath(props);
  const broken = props.data?.broken;
  // The mark keeps only the code and the server's English reason; the data types that the
  // type-mismatch sentence names are read from the two handles, as the link banner does.
  const typeName = (nodeId: string, handleId?: string | null) => {
    const type = handleId ? handleSpec(getNode(nodeId)?.type ?? '', handleId)?.type : undefined;
    return type ? t(`canvas.handleTypes.${type}`) : '';
  };
  const mismatch = broken?.code === 'type-mismatch';
  const from = mismatch ? typeName(props.source, props.sourceHandleId) : '';
  const to = mismatch ? typeName(props.target, props.targetHandleId) : '';
  const reason = !broken
    ? ''
    : mismatch && !(from && to)
      ? broken.reason
      : t(`canvas.refusal.${broken.code}`, { defaultValue: broken.reason, from, to });
  return (
    <>
      <BaseEdge id={props.id} path={path} style={BROKEN_STYLE} interactionWidth={24} />
      <EdgeLabelRenderer>
        <div
          className={`flow-edge-broken${props.selected ? ' is-selected' : ''}`}
          style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
          title={reason}
          data-testid="broken-link"
        >
          <WarningIcon size={12} /> {props.selected ? reason : t('canvas.brokenLink')}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

const DRAWN = {
  default: BezierEdge,
  smoothstep: SmoothStepEdge,
  step: StepEdge,
  straight: StraightEdge,
  simplebezier: SimpleBezierEdge,
} as const;

function FlowEdgeView(props: EdgeProps<TCanvasEdge>) {
  const Drawn = props.data?.broken
    ? BrokenEdge
    : (DRAWN[(props.type ?? 'default') as keyof typeof DRAWN] ?? BezierEdge);
  return (
    <>
      <Drawn {...props} />
      {props.selected && <LinkDeleteButton {...props} />}
    </>
  );
}

export const FlowEdge = memo(FlowEdgeView);

/** Built once (see NODE_TYPES): every edge type the flows use, drawn by FlowEdge. */
export const EDGE_TYPES = Object.fromEntries(Object.keys(DRAWN).map((k) => [k, FlowEdge]));
