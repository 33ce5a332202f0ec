import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { editor } from '../store/canvas.store';
import { renameFlow } from '../store/edit.actions';

/** The flow's name, edited in place: Enter or leaving the field keeps it, Escape puts it back. */
export function NameField() {
  const { t } = useTranslation();
  const { name } = useSnapshot(editor);
  const [value, setValue] = useState(name);
  useEffect(() => setValue(name), [name]);
  const done = () => {
    if (!renameFlow(value)) setValue(name);
  };
  return (
    <input
      className="flow-name"
      value={value}
      maxLength={200}
      aria-label={t('canvas.name')}
      onChange={(e) => setValue(e.target.value)}
      onBlur={done}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
        if (e.key === 'Escape') {
          setValue(name);
          requestAnimationFrame(() => (document.activeElement as HTMLElement | null)?.blur());
        }
      }}
    />
  );
}
