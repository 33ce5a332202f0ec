import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { ApiError } from '../../../shared/api/http';
import { Button } from '../../../ui/Button';
import { isPersonal, space } from '../../../ui/space';
import { confirmDialog, toastSuccess } from '../../../ui/surfaces';
import { changeOrgCode, orgs } from '../orgs.store';
import { CodeStrength } from './CodeStrength';

/**
 * /{orgCode}/org-settings: the organisation's join code. Every member sees it; admins regenerate a
 * random one or choose their own (with a strength hint). The old code stops working at once.
 */
export default function OrgSettingsPage() {
  const { t } = useTranslation('navbar');
  const [, navigate] = useLocation();
  const { orgId } = useSnapshot(space);
  const { list } = useSnapshot(orgs);
  const org = list.find((o) => o.orgId === orgId);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  if (isPersonal(orgId) || !org) {
    return (
      <section className="page" aria-labelledby="org-settings-title">
        <h1 id="org-settings-title">{t('orgCode.title')}</h1>
        <p className="page__lead">{t('orgCode.personal')}</p>
      </section>
    );
  }
  const isAdmin = org.role === 'admin';

  const change = async (orgCode?: string) => {
    setBusy(true);
    setError('');
    try {
      const next = await changeOrgCode(org.orgId, orgCode);
      toastSuccess(t('orgCode.changed', { code: next }));
      setChosen('');
      navigate(`/${next}/org-settings`, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('orgCode.failed'));
    } finally {
      setBusy(false);
    }
  };
  const regenerate = async () => {
    const ok = await confirmDialog({
      title: t('orgCode.regenerateTitle'),
      message: t('orgCode.regenerateMessage'),
      confirmLabel: t('orgCode.regenerate'),
      cancelLabel: t('common:actions.cancel'),
    });
    if (ok) await change();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.trim()) void change(chosen.trim());
  };

  return (
    <section className="page" aria-labelledby="org-settings-title">
      <header className="page__header">
        <div>
          <h1 id="org-settings-title">{t('orgCode.title')}</h1>
          <p className="page__lead">{t('orgCode.lead', { name: org.name })}</p>
        </div>
      </header>
      <div className="card">
        <div className="field">
          <label htmlFor="org-current-code">{t('orgCode.current')}</label>
          <input id="org-current-code" className="input" value={org.orgCode} readOnly />
          <CodeStrength code={org.orgCode} />
        </div>
        {!isAdmin && <p className="field__hint">{t('orgCode.adminsOnly')}</p>}
        {isAdmin && (
          <>
            <div className="field">
              <Button onClick={() => void regenerate()} busy={busy}>
                {t('orgCode.regenerate')}
              </Button>
            </div>
            <form onSubmit={submit} noValidate className="org-code-form">
              <div className="field">
                <label htmlFor="org-chosen-code">{t('orgCode.choose')}</label>
                <input
                  id="org-chosen-code"
                  className="input"
                  value={chosen}
                  maxLength={32}
                  onChange={(e) => setChosen(e.target.value.toLowerCase())}
                />
                <CodeStrength code={chosen} />
              </div>
              <Button type="submit" variant="secondary" busy={busy} disabled={!chosen.trim()}>
                {t('orgCode.save')}
              </Button>
            </form>
          </>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
