import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { toastSuccess } from '../../../ui/surfaces';
import { copySelection, cutSelection, duplicateSelection, paste } from '../store/clipboard';
import { deleteSelection } from '../store/edit.actions';

/** Touch equivalents of the keyboard shortcuts: a tablet has no Ctrl key. */
export function SelectionActions({ count, links = 0 }: { count: number; links?: number }) {
  const { t } = useTranslation();
  const pasteHere = () => {
    const r = paste();
    if (r.dropped) toastSuccess(t('canvas.actions.droppedLinks', { count: r.dropped }));
  };
  return (
    <fieldset className="selection-actions">
      <legend className="visually-hidden">{t('canvas.actions.label')}</legend>
      {count > 0 && (
        <>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => copySelection() && toastSuccess(t('canvas.actions.copied', { count }))}
          >
            {t('canvas.actions.copy')}
          </Button>
          <Button variant="secondary" size="sm" onClick={cutSelection}>
            {t('canvas.actions.cut')}
          </Button>
          <Button variant="secondary" size="sm" onClick={duplicateSelection}>
            {t('canvas.actions.duplicate')}
          </Button>
        </>
      )}
      <Button variant="secondary" size="sm" onClick={pasteHere}>
        {t('canvas.actions.paste')}
      </Button>
      {count + links > 0 && (
        <Button variant="danger" size="sm" onClick={deleteSelection}>
          {t('canvas.actions.delete')}
        </Button>
      )}
    </fieldset>
  );
}
