import { useReactFlow } from '@xyflow/react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { nodeSpec, paletteEntries, type TNodeGroupId } from '../../../shared/domain/node-catalogue';
import { SearchBox } from '../../../ui/SearchBox';
import { space } from '../../../ui/space';
import { showToast } from '../../../ui/surfaces';
import { NODE_WIDTH } from '../graph-utils';
import { editor } from '../store/canvas.store';
import { placeNode } from '../store/edit.actions';
import { placing, startPlacing, stopPlacing } from '../store/placing';
import { canvasRect, isOverCanvas } from '../viewport';
import { PaletteEntry } from './PaletteEntry';
import { PlacingHint } from './PlacingHint';
import { useNodeTexts } from './useNodeTexts';
import type { TDragGhost, TTapKind } from './usePaletteDrag';

/**
 * The block list: the catalogue's groups, searchable. A click (mouse, keyboard) places a block in the
 * centre of the view; a tap with a finger chooses it, then a tap on the canvas places it there; a
 * drag places it where it is dropped, and a drop beside the canvas says so.
 */
export function Palette() {
  const { t } = useTranslation();
  const { orgId } = useSnapshot(space);
  const { drawer } = useSnapshot(editor);
  const { type: placingType } = useSnapshot(placing);
  const { screenToFlowPosition } = useReactFlow();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [closed, setClosed] = useState<ReadonlySet<TNodeGroupId>>(() => new Set(['placeholders']));
  const [ghost, setGhost] = useState<TDragGhost>(null);
  const texts = useNodeTexts();
  // organizationKnowledgeBankNode is offered only in an organisation (spec 01 §9). The search finds
  // a block by the words shown in the current language as well as by its English name.
  const groups = useMemo(
    () => paletteEntries({ personalSpace: orgId === 'personal', search: deferred, textOf: texts.searchText }),
    [orgId, deferred, texts],
  );

  const placeAt = useCallback(
    (type: string, x: number, y: number) => {
      const p = screenToFlowPosition({ x, y });
      placeNode(type, { x: Math.round(p.x - NODE_WIDTH / 2), y: Math.round(p.y - 24) });
      if (editor.drawer === 'palette') editor.drawer = null;
    },
    [screenToFlowPosition],
  );
  const nameOf = useCallback(
    (type: string) => {
      const spec = nodeSpec(type);
      return spec ? texts.name(spec) : type;
    },
    [texts],
  );
  const onTap = useCallback(
    (type: string, kind: TTapKind) => {
      if (kind === 'touch') {
        // On a phone the list covers the canvas: it closes so the canvas can be tapped.
        startPlacing(type, nameOf(type));
        if (editor.drawer === 'palette') editor.drawer = null;
        return;
      }
      stopPlacing();
      const r = canvasRect();
      if (r) placeAt(type, r.left + r.width / 2, r.top + r.height / 2);
    },
    [placeAt, nameOf],
  );
  const onMove = useCallback((g: TDragGhost) => {
    // A drag out of the phone's drawer: the drawer steps aside so the canvas is there to drop on.
    if (g && editor.drawer === 'palette') editor.drawer = null;
    if (g) stopPlacing();
    setGhost(g);
  }, []);
  const onDrop = useCallback(
    (type: string, x: number, y: number) => {
      if (isOverCanvas(x, y)) placeAt(type, x, y);
      else showToast({ type: 'Info', message: t('canvas.palette.missed', { name: nameOf(type) }) });
    },
    [placeAt, nameOf, t],
  );
  const toggle = (id: TNodeGroupId) =>
    setClosed((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <aside
      className={`flow-palette${drawer === 'palette' ? ' is-open' : ''}`}
      aria-label={t('canvas.palette.title')}
    >
      <div className="flow-palette__head">
        <h2 className="flow-side__title">{t('canvas.palette.title')}</h2>
        <SearchBox
          label={t('canvas.palette.search')}
          clearLabel={t('canvas.palette.clear')}
          value={search}
          onChange={setSearch}
        />
      </div>
      <div className="flow-palette__list">
        {groups.length === 0 && <p className="flow-side__hint">{t('canvas.palette.noMatch')}</p>}
        {groups.map((g) => {
          const open = deferred !== '' || !closed.has(g.id);
          return (
            <section key={g.id} className="palette-group">
              <h3>
                <button
                  type="button"
                  className="palette-group__toggle"
                  aria-expanded={open}
                  onClick={() => toggle(g.id)}
                >
                  <span>{texts.group(g.id)}</span>
                  <span className="palette-group__count">{g.entries.length}</span>
                </button>
              </h3>
              {open && (
                <ul>
                  {g.entries.map((e) => (
                    <PaletteEntry
                      key={e.spec.type}
                      entry={e}
                      placing={placingType === e.spec.type}
                      onMove={onMove}
                      onDrop={onDrop}
                      onTap={onTap}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      {ghost &&
        createPortal(
          <div className="palette-ghost" style={{ left: ghost.x, top: ghost.y }} aria-hidden="true">
            {ghost.name}
          </div>,
          document.body,
        )}
      <PlacingHint placeAt={placeAt} />
    </aside>
  );
}
