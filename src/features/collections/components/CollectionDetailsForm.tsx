import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  type TCollection,
} from '../../../shared/contract/collections';
import { Button } from '../../../ui/Button';
import { toastSuccess } from '../../../ui/surfaces';
import { updateCollection } from '../collections.store';

/** Name and description; read-only for collaborators. */
export function CollectionDetailsForm({
  collection,
  canEdit,
}: {
  collection: TCollection;
  canEdit: boolean;
}) {
  const { t } = useTranslation('navbar');
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description);
  const [busy, setBusy] = useState(false);
  const changed = name.trim() !== collection.name || description.trim() !== collection.description;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !changed) return;
    setBusy(true);
    try {
      const saved = await updateCollection(collection._id, {
        name: name.trim(),
        description: description.trim(),
      });
      setName(saved.name);
      setDescription(saved.description);
      toastSuccess(t('collections.toast.updated'));
    } catch {
      // The api-client showed why; the typed text stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="settings-name">{t('collections.name')}</label>
        <input
          id="settings-name"
          className="input"
          value={name}
          maxLength={COLLECTION_NAME_MAX}
          readOnly={!canEdit}
          required
          onChange={(e) => setName(e.target.value)}
        />
        {canEdit && !name.trim() && <span className="field__error">{t('collections.nameRequired')}</span>}
      </div>
      <div className="field">
        <label htmlFor="settings-description">{t('collections.description')}</label>
        <textarea
          id="settings-description"
          className="input"
          rows={4}
          maxLength={COLLECTION_DESCRIPTION_MAX}
          value={description}
          readOnly={!canEdit}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      {canEdit ? (
        <Button type="submit" busy={busy} disabled={!changed || !name.trim()}>
          {t('common:actions.save')}
        </Button>
      ) : (
        <p className="field__hint">{t('collections.readOnly')}</p>
      )}
    </form>
  );
}
