import { NodeToolbar, Position } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { deleteNode } from '../store/edit.actions';
import { TrashIcon } from './icons';

/**
 * A selected block's own Delete button, above its top-right corner: a touch-only tablet has no
 * Delete key, and on a phone the panel with the selection's actions is a closed drawer. xyflow shows
 * a node toolbar only while its block is the one selected block; it is mounted only for selected
 * blocks, so a large flow pays nothing for it.
 */
export function NodeDeleteToolbar({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <NodeToolbar position={Position.Top} align="end" offset={6}>
      <button
        type="button"
        className="flow-node-delete nodrag nopan"
        aria-label={t('canvas.actions.deleteBlock')}
        title={t('canvas.actions.deleteBlock')}
        data-testid="node-delete"
        onClick={(e) => {
          e.stopPropagation();
          deleteNode(id);
        }}
      >
        <TrashIcon size={16} />
      </button>
    </NodeToolbar>
  );
}
