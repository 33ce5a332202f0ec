import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_NAME_MAX } from '../../../shared/contract/flows';

/** Inline name editor: Enter saves, Escape cancels; Save and Cancel buttons for touch screens. */
export function RenameField(props: {
  initial: string;
  label: string;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('navbar');
  const [value, setValue] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);

  const save = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await props.onSave(value);
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      // Escape here must not also close a dialog or menu around the row.
      e.preventDefault();
      e.stopPropagation();
      props.onCancel();
    }
  };
  return (
    <span className="rename-field">
      <input
        ref={input}
        className="input"
        value={value}
        maxLength={FLOW_NAME_MAX}
        aria-label={props.label}
        autoFocus
        readOnly={busy}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="icon-btn"
        aria-label={t('common:actions.save')}
        disabled={busy}
        onClick={() => void save()}
      >
        ✓
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('common:actions.cancel')}
        disabled={busy}
        onClick={props.onCancel}
      >
        ×
      </button>
    </span>
  );
}
