import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { NODE_CATALOGUE, nodeSpec, type THandleSpec } from '../../../shared/domain/node-catalogue';
import type { TCanvasNode } from '../canvas.types';
import { handleRows } from '../node-layout';
import { useReachableHandles } from '../store/link-drag';
import { BoltIcon, PeopleIcon } from './icons';
import { NodeDeleteToolbar } from './NodeDeleteToolbar';
import { HANDLE_STYLE, nodeLook } from './node-look';
import { type TNodeTexts, useNodeTexts } from './useNodeTexts';

function NodeHandle({
  spec,
  reachable,
  texts,
}: {
  spec: THandleSpec;
  reachable: boolean;
  texts: TNodeTexts;
}) {
  const input = spec.direction === 'input';
  const label = texts.handle(spec);
  const cls = ['flow-handle', `flow-handle--${spec.type}`, reachable ? 'is-reachable' : ''].join(' ');
  return (
    <>
      <Handle
        type={input ? 'target' : 'source'}
        position={input ? Position.Left : Position.Right}
        id={spec.handleId}
        className={cls}
        style={HANDLE_STYLE[spec.type]}
        title={`${label} (${texts.dataType(spec.type)})`}
      />
      <span className={`flow-node__port flow-node__port--${input ? 'in' : 'out'}`}>{label}</span>
    </>
  );
}

/**
 * One block on the canvas. Memoised: xyflow hands it the same props while the block is unchanged,
 * so dragging one block re-renders that block only. While a link is dragged it reads its own
 * reachable handles by id; the CSS dims every handle that is not marked reachable. Its texts come from
 * one shared table that changes only with the language (useNodeTexts), never during a drag.
 */
function FlowNodeView({ id, type, data, selected }: NodeProps<TCanvasNode>) {
  const spec = nodeSpec(type);
  const reachable = useReachableHandles(id);
  const texts = useNodeTexts();
  const look = useMemo(() => (spec ? nodeLook(data, spec.group) : null), [data, spec]);
  if (!spec || !look) {
    return (
      <div className="flow-node flow-node--unknown" data-testid="flow-node">
        <div className="flow-node__top">{type}</div>
      </div>
    );
  }
  const name = texts.name(spec);
  // A new block is labelled with the English name (graph-utils createNode), and saved flows keep it:
  // that label means "not renamed", so the block shows its name in the current language.
  const custom = data.label?.trim();
  const renamed = !!custom && custom !== spec.name;
  const label = renamed ? custom : name;
  const forms = data.forms?.length ?? 0;
  return (
    <div
      className={`flow-node${selected ? ' is-selected' : ''}${reachable ? ' has-reachable' : ''}`}
      style={look.root}
      // The name too: a long one is cut short on the block's fixed width.
      title={`${name}\n${texts.description(spec)}`}
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
        {spec.switches.map(
          (sw) =>
            data[sw.key] === true && (
              <span className="flow-node__flag" key={sw.key} title={texts.switchLabel(sw)}>
                <PeopleIcon />
              </span>
            ),
        )}
      </div>
      {handleRows(spec).length > 0 && (
        <div className="flow-node__middle" style={look.middle}>
          {handleRows(spec).map(([input, output]) => (
            <div className="flow-node__row" key={`${input?.handleId}|${output?.handleId}`}>
              {input && (
                <NodeHandle spec={input} reachable={!!reachable?.has(input.handleId)} texts={texts} />
              )}
              {output && (
                <NodeHandle spec={output} reachable={!!reachable?.has(output.handleId)} texts={texts} />
              )}
            </div>
          ))}
        </div>
      )}
      <div className="flow-node__bottom" style={look.bottom}>
        {renamed ? name : texts.group(spec.group)}
        {forms > 0 && <span className="flow-node__chip">{forms}</span>}
      </div>
      {selected && <NodeDeleteToolbar id={id} />}
    </div>
  );
}

// Position props change on every drag frame but the block draws the same: xyflow moves its wrapper.
const sameLook = (a: NodeProps<TCanvasNode>, b: NodeProps<TCanvasNode>) =>
  a.id === b.id && a.type === b.type && a.data === b.data && a.selected === b.selected;

export const FlowNode = memo(FlowNodeView, sameLook);

/** Every catalogue type draws with the same component; built once, so ReactFlow never sees a new map. */
export const NODE_TYPES = Object.fromEntries(NODE_CATALOGUE.map((s) => [s.type, FlowNode]));
