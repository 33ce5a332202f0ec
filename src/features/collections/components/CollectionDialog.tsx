import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  type TCollection,
} from '../../../shared/contract/collections';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toastSuccess } from '../../../ui/surfaces';
import { createCollection, updateCollection } from '../collections.store';
import { EmailChips, isEmail } from './EmailChips';
import '../collections.css';

/** Creates a collection (name, description, collaborators) or edits one (name, description). */
export function CollectionDialog(props: {
  editing?: TCollection;
  onClose: () => void;
  onSaved?: (c: TCollection) => void;
}) {
  const { t } = useTranslation('navbar');
  const editing = props.editing;
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [emails, setEmails] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const invalid = emails.filter((e) => !isEmail(e));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('collections.nameRequired'));
    if (invalid.length) return setError(t('collections.invalidEmails', { emails: invalid.join(', ') }));
    setBusy(true);
    setError('');
    try {
      const body = { name: name.trim(), description: description.trim() };
      const saved = editing
        ? await updateCollection(editing._id, body)
        : await createCollection({ ...body, collaborators: emails.length ? emails : undefined });
      toastSuccess(t(editing ? 'collections.toast.updated' : 'collections.toast.created'));
      props.onSaved?.(saved);
      props.onClose();
    } catch (err) {
      // Create is quiet: its reason (a bad address, a name too long) belongs next to the fields.
      if (!editing)
        setError(err instanceof ApiError && err.message ? err.message : t('collections.createFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t(editing ? 'collections.editTitle' : 'collections.createTitle')} onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="collection-name">{t('collections.name')}</label>
          <input
            id="collection-name"
            className="input"
            value={name}
            maxLength={COLLECTION_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            required
            aria-invalid={error === t('collections.nameRequired') || undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="collection-description">{t('collections.description')}</label>
          <textarea
            id="collection-description"
            className="input"
            rows={3}
            maxLength={COLLECTION_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        {!editing && (
          <div className="field">
            <label htmlFor="collection-emails">{t('collections.collaborators')}</label>
            <EmailChips id="collection-emails" value={emails} onChange={setEmails} />
          </div>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__footer">
          <Button variant="secondary" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" busy={busy} needsConnection disabled={!name.trim()}>
            {t(editing ? 'common:actions.save' : 'collections.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
