import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo, useMemo } from 'react';
import {
  handleLabel,
  NODE_CATALOGUE,
  NODE_GROUPS,
  nodeSpec,
  type THandleSpec,
} from '../../../shared/domain/node-catalogue';
import type { TCanvasNode } from '../canvas.types';
import { handleRows } from '../node-layout';
import { useReachableHandles } from '../store/link-drag';
import { BoltIcon } from './icons';
import { HANDLE_STYLE, nodeLook } from './node-look';

const GROUP_NAME = new Map(NODE_GROUPS.map((g) => [g.id, g.name]));

function NodeHandle({ spec, reachable }: { spec: THandleSpec; reachable: boolean }) {
  const input = spec.direction === 'input';
  const cls = ['flow-handle', `flow-handle--${spec.type}`, reachable ? 'is-reachable' : ''].join(' ');
  return (
    <>
      <Handle
        type={input ? 'target' : 'source'}
        position={input ? Position.Left : Position.Right}
        id={spec.handleId}
        className={cls}
        style={HANDLE_STYLE[spec.type]}
        title={`${handleLabel(spec)} · ${spec.type}`}
      />
      <span className={`flow-node__port flow-node__port--${input ? 'in' : 'out'}`}>{handleLabel(spec)}</span>
    </>
  );
}

/**
 * One block on the canvas. Memoised: xyflow hands it the same props while the block is unchanged,
 * so dragging one block re-renders that block only. While a link is dragged it reads its own
 * reachable handles by id; the CSS dims every handle that is not marked reachable.
 */
function FlowNodeView({ id, type, data, selected }: NodeProps<TCanvasNode>) {
  const spec = nodeSpec(type);
  const reachable = useReachableHandles(id);
  const look = useMemo(() => (spec ? nodeLook(data, spec.group) : null), [data, spec]);
  if (!spec || !look) {
    return (
      <div className="flow-node flow-node--unknown" data-testid="flow-node">
        <div className="flow-node__top">{type}</div>
      </div>
    );
  }
  const label = data.label?.trim() || spec.name;
  const forms = data.forms?.length ?? 0;
  return (
    <div
      className={`flow-node${selected ? ' is-selected' : ''}${reachable ? ' has-reachable' : ''}`}
      style={look.root}
      title={spec.description}
      data-testid="flow-node"
      data-type={type}
    >
      <div className="flow-node__top" style={look.top}>
        <span className="flow-node__label">{label}</span>
        {data.autoExecuteNextNode && (
          <span className="flow-node__flag">
            <BoltIcon />
          </span>
        )}
      </div>
      {handleRows(spec).length > 0 && (
        <div className="flow-node__middle" style={look.middle}>
          {handleRows(spec).map(([input, output]) => (
            <div className="flow-node__row" key={`${input?.handleId}|${output?.handleId}`}>
              {input && <NodeHandle spec={input} reachable={!!reachable?.has(input.handleId)} />}
              {output && <NodeHandle spec={output} reachable={!!reachable?.has(output.handleId)} />}
            </div>
          ))}
        </div>
      )}
      <div className="flow-node__bottom" style={look.bottom}>
        {label !== spec.name ? spec.name : GROUP_NAME.get(spec.group)}
        {forms > 0 && <span className="flow-node__chip">{forms}</span>}
      </div>
    </div>
  );
}

// Position props change on every drag frame but the block draws the same: xyflow moves its wrapper.
const sameLook = (a: NodeProps<TCanvasNode>, b: NodeProps<TCanvasNode>) =>
  a.id === b.id && a.type === b.type && a.data === b.data && a.selected === b.selected;

export const FlowNode = memo(FlowNodeView, sameLook);

/** Every catalogue type draws with the same component; built once, so ReactFlow never sees a new map. */
export const NODE_TYPES = Object.fromEntries(NODE_CATALOGUE.map((s) => [s.type, FlowNode]));
