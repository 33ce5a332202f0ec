import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { AuthLayout, EmailField, FormError, PasswordField, signIn, useAuthForm } from '../../features/auth';
import { fetchPublicOrg, joinOrg } from '../../features/orgs';
import { ApiError } from '../../shared/api/http';
import type { TOrgPublic } from '../../shared/contract/orgs';
import { Button } from '../../ui/Button';

/** /org-login: sign in and enter an organisation by its code (composes the auth and orgs features). */
export default function OrgLoginPage() {
  const { t } = useTranslation('common');
  const search = useSearch();
  const [, navigate] = useLocation();
  const [orgCode, setOrgCode] = useState(new URLSearchParams(search).get('orgcode') ?? '');
  const [org, setOrg] = useState<TOrgPublic | null>(null);
  const { email, setEmail, password, setPassword, busy, error, setError, run } = useAuthForm((err) =>
    err instanceof ApiError && err.message ? err.message : t('auth.unknownError'),
  );

  useEffect(() => {
    const code = orgCode.trim().toLowerCase();
    setOrg(null);
    if (code.length < 3) return;
    const timer = setTimeout(() => void fetchPublicOrg(code).then(setOrg), 400);
    return () => clearTimeout(timer);
  }, [orgCode]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!org) {
      setError(t('auth.orgNotFound'));
      return;
    }
    await run(async () => {
      await signIn(email.trim(), password);
      const joined = await joinOrg(org.orgCode);
      navigate(`/${joined.orgCode}/explore`, { replace: true });
    });
  };

  return (
    <AuthLayout
      title={t('auth.orgSignInTitle')}
      subtitle={org ? t('auth.orgFound', { name: org.name }) : t('auth.orgSignInLead')}
    >
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="org-login-code">{t('auth.orgCode')}</label>
          <input
            id="org-login-code"
            className="input"
            autoComplete="organization"
            value={orgCode}
            onChange={(e) => setOrgCode(e.target.value)}
          />
        </div>
        <EmailField id="org-login-email" value={email} onChange={setEmail} />
        <PasswordField
          id="org-login-password"
          label={t('auth.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <FormError message={error} />
        <Button
          type="submit"
          className="btn--block"
          busy={busy}
          disabled={!org || !email.trim() || !password}
        >
          {t('auth.signIn')}
        </Button>
      </form>
      <p className="auth-card__footer">
        <Link href={`/login${search ? `?${search}` : ''}`}>{t('auth.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
