import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TCollection } from '../../../shared/contract/collections';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SkeletonRows } from '../../../ui/Skeleton';
import { PERSONAL, space } from '../../../ui/space';
import { toastSuccess } from '../../../ui/surfaces';
import { collectionsApi } from '../collections.api';
import { copyCollectionToOrg } from '../collections.store';
import '../flow-list.css';

type SpaceOption = { orgId: string; name: string; hint?: string };

/** Copies a collection (and its flows) into one of the user's spaces: Personal or an organisation. */
export function CopyToOrgDialog({ collection, onClose }: { collection: TCollection; onClose: () => void }) {
  const { t } = useTranslation('navbar');
  const { orgId } = useSnapshot(space);
  const [spaces, setSpaces] = useState<SpaceOption[] | null>(null);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const personal = { orgId: PERSONAL, name: t('space.personal') };
    collectionsApi.organizations().then(
      (r) => setSpaces([personal, ...r.data.map((o) => ({ orgId: o.orgId, name: o.name, hint: o.orgCode }))]),
      () => setSpaces([personal]),
    );
  }, [t]);

  const submit = async () => {
    setBusy(true);
    try {
      await copyCollectionToOrg(collection._id, choice, orgId);
      toastSuccess(t('collections.toast.copied'));
      onClose();
    } catch {
      // The api-client showed why; the dialog stays to pick another space.
    } finally {
      setBusy(false);
    }
  };
  const title = t('collections.copyTitle', { name: collection.name });
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button busy={busy} disabled={!choice} onClick={() => void submit()}>
            {t('collections.copy')}
          </Button>
        </>
      }
    >
      <p>{t('collections.copyLead')}</p>
      {!spaces ? (
        <SkeletonRows count={2} label={t('collections.loading')} />
      ) : (
        <fieldset className="target-list">
          <legend className="visually-hidden">{title}</legend>
          {spaces.map((s) => (
            <label key={s.orgId} className="target-list__item">
              <input
                type="radio"
                name="copy-space"
                checked={choice === s.orgId}
                onChange={() => setChoice(s.orgId)}
              />
              <span className="target-list__name">{s.name}</span>
              {s.orgId === orgId ? (
                <span className="badge badge--muted">{t('collections.thisSpace')}</span>
              ) : (
                s.hint && <span className="target-list__hint">{s.hint}</span>
              )}
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  );
}
