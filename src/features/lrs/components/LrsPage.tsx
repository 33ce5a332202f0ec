import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TCreatedLrsCredential } from '../../../shared/contract/lrs';
import { Button } from '../../../ui/Button';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { confirmDialog, toastError, toastSuccess } from '../../../ui/surfaces';
import { createCredentials, forgetSecret, loadCredentials, lrs, revokeCredentials } from '../lrs.store';
import { loadRetention } from '../retention.store';
import { CopyField } from './CopyField';
import { CredentialRow } from './CredentialRow';
import { RetentionCard } from './RetentionCard';
import { SecretDialog } from './SecretDialog';
import '../lrs.css';

/**
 * /{orgCode}/lrs: the learning record store of the active space — its xAPI endpoint and the Basic
 * credentials that authoring tools and content use to send statements. Admins of an organisation
 * (or the user in the personal space) create, list and revoke them, and set how long records are kept.
 */
export default function LrsPage() {
  const { t } = useTranslation('lrs');
  const { orgId } = useSnapshot(space);
  const snap = useSnapshot(lrs);
  const [name, setName] = useState('');

  useEffect(() => {
    // The retention is asked for only where the credentials were given: both are the owner's.
    if (orgId)
      void loadCredentials().then(() => {
        if (lrs.status === 'ready') void loadRetention();
      });
  }, [orgId]);

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    if (await createCredentials(name.trim())) setName('');
  };
  const onRevoke = async (key: string, label: string) => {
    const ok = await confirmDialog({
      title: t('revokeTitle', { name: label }),
      message: t('revokeMessage'),
      confirmLabel: t('revoke'),
      cancelLabel: t('common:actions.cancel'),
    });
    if (!ok) return;
    const error = await revokeCredentials(key);
    if (error) toastError(error, t('revokeFailed'));
    else toastSuccess(t('revoked', { name: label }));
  };

  return (
    <section className="page lrs-page" aria-labelledby="lrs-title">
      <header className="page__header">
        <div>
          <h1 id="lrs-title">{t('title')}</h1>
          <p className="page__lead">{t('lead')}</p>
        </div>
      </header>
      {snap.status === 'loading' && <SkeletonRows count={3} label={t('loading')} />}
      {snap.status === 'forbidden' && (
        <div className="empty-state" role="status">
          <p className="empty-state__title">{t('forbiddenTitle')}</p>
          <p>{t('forbidden')}</p>
        </div>
      )}
      {snap.status === 'error' && (
        <div className="empty-state" role="alert">
          <p className="empty-state__title">{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void loadCredentials()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {snap.status === 'ready' && (
        <div className="lrs-grid">
          <div className="card">
            <h2 className="lrs-card__title">{t('endpointTitle')}</h2>
            <p className="lrs-card__hint">{t('endpointHint')}</p>
            <CopyField label={t('endpoint')} value={snap.endpoint} />
            <p className="lrs-card__hint">{t('versions')}</p>
          </div>
          <div className="card">
            <h2 className="lrs-card__title">{t('credentialsTitle')}</h2>
            <form className="lrs-create" onSubmit={onCreate}>
              <div className="field">
                <label htmlFor="lrs-name">{t('nameLabel')}</label>
                <input
                  id="lrs-name"
                  className="input"
                  value={name}
                  maxLength={100}
                  placeholder={t('namePlaceholder')}
                  onChange={(e) => setName(e.target.value)}
                  aria-invalid={snap.createError ? true : undefined}
                  aria-describedby={snap.createError ? 'lrs-name-error' : undefined}
                />
                {snap.createError && (
                  <span id="lrs-name-error" className="field__error" role="alert">
                    {snap.createError}
                  </span>
                )}
              </div>
              <Button type="submit" busy={snap.creating} disabled={!name.trim()}>
                {t('create')}
              </Button>
            </form>
            {snap.credentials.length === 0 ? (
              <p className="lrs-empty">{t('empty')}</p>
            ) : (
              <ul className="lrs-list" aria-label={t('credentialsTitle')}>
                {snap.credentials.map((c) => (
                  <CredentialRow
                    key={c.key}
                    credential={c}
                    busy={snap.revoking === c.key}
                    onRevoke={() => void onRevoke(c.key, c.name)}
                  />
                ))}
              </ul>
            )}
          </div>
          <RetentionCard />
        </div>
      )}
      {snap.created && (
        <SecretDialog created={snap.created as TCreatedLrsCredential} onClose={forgetSecret} />
      )}
    </section>
  );
}
