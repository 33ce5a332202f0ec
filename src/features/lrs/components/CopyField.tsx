import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';

/** A read-only value with a Copy button that says 'Copied' for 2 seconds. */
export function CopyField({ label, value, secret }: { label: string; value: string; secret?: boolean }) {
  const { t } = useTranslation('lrs');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="field lrs-copy">
      <label htmlFor={id}>{label}</label>
      <div className="lrs-copy__row">
        <input
          id={id}
          className={`input lrs-copy__value${secret ? ' lrs-copy__value--secret' : ''}`}
          value={value}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" size="sm" onClick={copy} aria-label={t('copyLabel', { what: label })}>
          {copied ? t('copied') : t('copy')}
        </Button>
      </div>
      {failed && <span className="field__error">{t('copyFailed')}</span>}
    </div>
  );
}
