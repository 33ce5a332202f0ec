import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  NATIVE_NAMES,
  normaliseLanguageCode,
  SUPPORTED_LANGUAGES,
  type TLanguage,
} from '../../../shared/domain/languages';
import { Button } from '../../../ui/Button';
import { changeLanguage } from '../../../ui/language';
import { isPersonal, PERSONAL, useSpace } from '../../../ui/space';
import { toastError, toastSuccess } from '../../../ui/surfaces';
import { loadLanguageDefaults, orgs, saveDefaultLanguage } from '../orgs.store';

/**
 * /{orgCode}/settings: the default language of the active space (spec 01 §9). Every user sets their
 * personal space's; only an organisation's admins set the organisation's (the server checks too).
 */
export default function SpaceSettingsPage() {
  const { t, i18n } = useTranslation('navbar');
  const spaceSnap = useSpace();
  const snap = useSnapshot(orgs);
  const personal = isPersonal(spaceSnap.orgId);
  const key = personal ? PERSONAL : spaceSnap.orgId;
  const org = snap.list.find((o) => o.orgId === spaceSnap.orgId);
  const mayEdit = personal || org?.role === 'admin';
  const saved = normaliseLanguageCode(snap.spaceLanguages[key]);
  const [language, setLanguage] = useState<TLanguage | ''>(saved ?? '');
  const [useNow, setUseNow] = useState(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadLanguageDefaults();
  }, []);
  useEffect(() => setLanguage(saved ?? ''), [saved]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!language) return;
    setBusy(true);
    try {
      await saveDefaultLanguage(language, spaceSnap.orgId);
      if (useNow && i18n.language !== language) await changeLanguage(language);
      toastSuccess(t('settings.saved'));
    } catch {
      toastError(t('settings.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow">
      <h1>{t('settings.title')}</h1>
      <form className="card" onSubmit={submit} noValidate>
        <h2>{t('settings.languageTitle')}</h2>
        <p className="page__lead">
          {personal ? t('settings.personalHint') : t('settings.orgHint', { name: spaceSnap.orgName })}
        </p>
        <div className="field">
          <label htmlFor="space-language">{t('settings.label')}</label>
          <select
            id="space-language"
            className="input"
            value={language}
            disabled={!mayEdit}
            onChange={(e) => setLanguage(e.target.value as TLanguage)}
          >
            {!saved && <option value="">{t('org.languageNone')}</option>}
            {SUPPORTED_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {NATIVE_NAMES[code]}
              </option>
            ))}
          </select>
          {!mayEdit && <span className="field__hint">{t('settings.adminOnly')}</span>}
        </div>
        {mayEdit && (
          <label className="panel-check">
            <input type="checkbox" checked={useNow} onChange={(e) => setUseNow(e.target.checked)} />
            {t('settings.useNow')}
          </label>
        )}
        {mayEdit && (
          <div className="dialog__footer">
            <Button type="submit" busy={busy} disabled={!language || language === saved}>
              {t('settings.save')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
