import { useTranslation } from 'react-i18next';
import type { TNodeSpec } from '../../../shared/domain/node-catalogue';
import { viewerLink } from '../../../shared/domain/viewer-links';

/**
 * A block's help link (the catalogue's `helpLink`, `flow/share/{type}`, under /viewer): a demo flow of
 * that one block that runs in the player, in a new tab so the flow being edited stays open.
 */
export const helpHref = (spec: Pick<TNodeSpec, 'helpLink'>) => viewerLink(spec.helpLink);

/**
 * The palette's "?" beside an entry: its own link, never inside the entry's button, so a tap on it
 * does not start a drag or place the block, and the keyboard reaches it after the entry.
 */
export function PaletteHelpLink({ spec, name }: { spec: TNodeSpec; name: string }) {
  const { t } = useTranslation();
  return (
    <a
      className="palette-entry__help"
      href={helpHref(spec)}
      target="_blank"
      rel="noopener"
      draggable={false}
      aria-label={t('flowShare.helpFor', { name })}
      title={t('flowShare.helpFor', { name })}
      data-testid={`help-${spec.type}`}
    >
      ?
    </a>
  );
}

/** "How this block works" under a selected block's settings. */
export function PanelHelpLink({ spec }: { spec: TNodeSpec }) {
  const { t } = useTranslation();
  return (
    <p className="flow-panel__help">
      <a href={helpHref(spec)} target="_blank" rel="noopener" data-testid="block-help">
        {t('flowShare.help')} <span aria-hidden="true">↗</span>
      </a>
    </p>
  );
}
