import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ApiError } from '../../../shared/api/http';
import { NATIVE_NAMES, SUPPORTED_LANGUAGES, type TLanguage } from '../../../shared/domain/languages';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toastSuccess } from '../../../ui/surfaces';
import { orgsApi } from '../orgs.api';
import { loadLanguageDefaults, loadOrgs } from '../orgs.store';
import { CodeStrength } from './CodeStrength';

/** Any signed-in user can create an organisation and becomes its admin. */
export function CreateOrgDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('navbar');
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [orgCode, setOrgCode] = useState('');
  const [description, setDescription] = useState('');
  const [language, setLanguage] = useState<TLanguage | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const res = await orgsApi.create({
        name: name.trim(),
        description: description.trim() || undefined,
        orgCode: orgCode.trim() || undefined,
        defaultLanguage: language || undefined,
      });
      await Promise.all([loadOrgs(), loadLanguageDefaults()]);
      toastSuccess(t('org.created'));
      onClose();
      navigate(`/${res.data.orgCode}/explore`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('org.createFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('org.createTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="org-name">{t('org.name')}</label>
          <input
            id="org-name"
            className="input"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="org-code">{t('org.code')}</label>
          <input
            id="org-code"
            className="input"
            value={orgCode}
            maxLength={32}
            onChange={(e) => setOrgCode(e.target.value.toLowerCase())}
          />
          <span className="field__hint">{t('org.codeHint')}</span>
          <CodeStrength code={orgCode} />
        </div>
        <div className="field">
          <label htmlFor="org-description">{t('org.description')}</label>
          <textarea
            id="org-description"
            className="input"
            rows={3}
            maxLength={500}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="org-language">{t('org.language')}</label>
          <select
            id="org-language"
            className="input"
            value={language}
            onChange={(e) => setLanguage(e.target.value as TLanguage | '')}
          >
            <option value="">{t('org.languageNone')}</option>
            {SUPPORTED_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {NATIVE_NAMES[code]}
              </option>
            ))}
          </select>
          <span className="field__hint">{t('org.languageHint')}</span>
        </div>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" busy={busy} needsConnection disabled={!name.trim()}>
            {t('org.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
