import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { nodeSpec } from '../../../shared/domain/node-catalogue';
import type { TGraphState } from '../canvas.types';
import {
  editor,
  selectedCount,
  selectedLinkCount,
  selectedNode,
  useGraphSelector,
} from '../store/canvas.store';
import { PanelHelpLink } from './BlockHelp';
import { NodeFields } from './NodeFields';
import { touchFirst } from './pointer';
import { SelectionActions } from './SelectionActions';

// Selectors return the id, type and data object, not the node: a drag changes the node's position
// every frame but keeps its data object, so the panel does not re-render while blocks move.
const selectedId = (g: TGraphState) => selectedNode(g)?.id ?? null;

// The id is the selected block's, known without a walk over every block (selectedNode is cached).
const nodeById = (g: TGraphState, id: string) => {
  const selected = selectedNode(g);
  return selected?.id === id ? selected : g.nodes.find((n) => n.id === id);
};

function useNodePart<K extends 'type' | 'data'>(id: string | null, key: K) {
  return useGraphSelector((g) => (id ? nodeById(g, id)?.[key] : undefined));
}

const SHORTCUTS = [
  'undo',
  'redo',
  'copy',
  'paste',
  'duplicate',
  'delete',
  'selectAll',
  'nudge',
  'box',
  'fit',
];

/** The right panel: the selected block's data, or what can be done with a selection. */
export function NodePanel() {
  const { t } = useTranslation();
  const { drawer } = useSnapshot(editor);
  const id = useGraphSelector(selectedId);
  const count = useGraphSelector(selectedCount);
  const links = useGraphSelector(selectedLinkCount);
  const type = useNodePart(id, 'type');
  const data = useNodePart(id, 'data');
  const spec = type ? nodeSpec(type) : undefined;
  return (
    <aside
      className={`flow-panel${drawer === 'panel' ? ' is-open' : ''}`}
      aria-label={t('canvas.panel.title')}
    >
      <h2 className="flow-side__title">
        {count > 1 ? t('canvas.panel.selected', { count }) : t('canvas.panel.title')}
      </h2>
      <SelectionActions count={count} links={links} />
      {id && spec && data ? (
        <>
          <NodeFields key={id} id={id} data={data} spec={spec} />
          <PanelHelpLink spec={spec} />
        </>
      ) : count + links === 0 ? (
        <div className="flow-side__hint">
          <p>{t('canvas.panel.empty')}</p>
          {/* Folded on touch screens: keyboard help must not fill a tablet's panel. */}
          <details className="shortcut-details" open={!touchFirst()}>
            <summary>{t('canvas.shortcuts.title')}</summary>
            <ul className="shortcut-list">
              {SHORTCUTS.map((k) => (
                <li key={k}>{t(`canvas.shortcuts.${k}`)}</li>
              ))}
            </ul>
          </details>
        </div>
      ) : null}
    </aside>
  );
}
