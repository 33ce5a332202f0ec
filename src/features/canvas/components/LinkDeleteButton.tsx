import {
  EdgeLabelRenderer,
  type EdgeProps,
  getBezierPath,
  getSimpleBezierPath,
  getSmoothStepPath,
  getStraightPath,
} from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { TCanvasEdge } from '../canvas.types';
import { deleteLink } from '../store/edit.actions';
import { TrashIcon } from './icons';

/** The middle of a link as xyflow draws its type, where its delete button sits. */
function middleOf(props: EdgeProps<TCanvasEdge>): [number, number] {
  switch (props.type) {
    case 'smoothstep':
      return getSmoothStepPath(props).slice(1, 3) as [number, number];
    case 'step':
      return getSmoothStepPath({ ...props, borderRadius: 0 }).slice(1, 3) as [number, number];
    case 'straight':
      return getStraightPath(props).slice(1, 3) as [number, number];
    case 'simplebezier':
      return getSimpleBezierPath(props).slice(1, 3) as [number, number];
    default:
      return getBezierPath(props).slice(1, 3) as [number, number];
  }
}

/**
 * A selected link's own Delete button, at its middle. A touch-only tablet has no Delete key, and an
 * author inserting a block between two linked blocks must first remove the link between them.
 */
export function LinkDeleteButton(props: EdgeProps<TCanvasEdge>) {
  const { t } = useTranslation();
  const [x, middle] = middleOf(props);
  // A broken link shows its reason on a badge at the middle: the button sits just below it.
  const y = props.data?.broken ? middle + 30 : middle;
  return (
    <EdgeLabelRenderer>
      <button
        type="button"
        className="flow-link-delete nodrag nopan"
        style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
        aria-label={t('canvas.actions.deleteLink')}
        title={t('canvas.actions.deleteLink')}
        data-testid="link-delete"
        onClick={(e) => {
          e.stopPropagation();
          deleteLink(props.id);
        }}
      >
        <TrashIcon size={16} />
      </button>
    </EdgeLabelRenderer>
  );
}
