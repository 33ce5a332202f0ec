import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';

/**
 * The side preview drawer of the task page (spec 03 §2): a title and "Preview", the URL in an
 * embedded frame with a spinner until it has loaded, a button that widens it to the full width (and
 * back), and Close (also Escape).
 */
export function PreviewDrawer(props: { title: string; url: string; onClose: () => void }) {
  const { t } = useTranslation('task');
  const titleId = useId();
  const [loaded, setLoaded] = useState(false);
  const [wide, setWide] = useState(false);
  const { onClose, url } = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL loads again
  useEffect(() => setLoaded(false), [url]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <aside
      className={`preview-drawer${wide ? ' preview-drawer--wide' : ''}`}
      aria-labelledby={titleId}
      data-testid="preview-drawer"
    >
      <header className="preview-drawer__head">
        <h2 id={titleId}>
          {props.title} <span className="muted">{t('preview.label')}</span>
        </h2>
        <Button
          size="sm"
          variant="secondary"
          className="preview-drawer__widen"
          aria-pressed={wide}
          onClick={() => setWide((w) => !w)}
        >
          {wide ? t('preview.collapse') : t('preview.expand')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose}>
          {t('preview.close')}
        </Button>
      </header>
      <div className="preview-drawer__body">
        {!loaded && (
          <div className="preview-drawer__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('preview.loading')}</span>
          </div>
        )}
        <iframe
          src={url}
          title={t('preview.frame', { name: props.title })}
          className="preview-drawer__frame"
          onLoad={() => setLoaded(true)}
        />
      </div>
    </aside>
  );
}
