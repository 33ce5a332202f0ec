import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPaletteEntry } from '../../../shared/domain/node-catalogue';
import { PaletteHelpLink } from './BlockHelp';
import { useNodeTexts } from './useNodeTexts';
import { type TDragGhost, type TTapKind, usePaletteDrag } from './usePaletteDrag';

type TProps = {
  entry: TPaletteEntry;
  /** Chosen with a tap, waiting for a tap on the canvas. */
  placing?: boolean;
  onMove: (ghost: TDragGhost) => void;
  onDrop: (type: string, x: number, y: number) => void;
  onTap: (type: string, kind: TTapKind) => void;
};

/**
 * One block in the palette. Blocks that cannot be placed stay visible, greyed, with the reason
 * instead of the description (aria-disabled keeps them focusable so the reason can be read).
 */
function PaletteEntryView({ entry, placing, onMove, onDrop, onTap }: TProps) {
  const { t } = useTranslation();
  const texts = useNodeTexts();
  const { spec, placeable, reason } = entry;
  const name = texts.name(spec);
  const drag = usePaletteDrag({
    type: spec.type,
    name,
    enabled: placeable,
    onMove,
    onDrop,
    onTap,
  });
  const note = reason ? texts.reason(reason) : texts.description(spec);
  return (
    <li className="palette-item">
      <button
        type="button"
        className={`palette-entry${placeable ? '' : ' is-disabled'}${placing ? ' is-placing' : ''}`}
        aria-disabled={!placeable || undefined}
        data-type={spec.type}
        title={placeable ? t('canvas.palette.placeHint') : note}
        {...drag}
      >
        <span className="palette-entry__name">{name}</span>
        <span className="palette-entry__note">{note}</span>
        {placeable && (
          <span className="palette-entry__grip" aria-hidden="true">
            ⠿
          </span>
        )}
      </button>
      <PaletteHelpLink spec={spec} name={name} />
    </li>
  );
}

export const PaletteEntry = memo(PaletteEntryView);
