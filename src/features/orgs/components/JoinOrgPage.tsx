import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Button } from '../../../ui/Button';
import { PERSONAL } from '../../../ui/space';
import { toastSuccess } from '../../../ui/surfaces';
import { orgsApi } from '../orgs.api';
import { joinOrg } from '../orgs.store';

type TOrgByCode = Awaited<ReturnType<typeof orgsApi.byCode>>['data'];

/**
 * /{orgCode}/join-org: join an organisation by its code (prefilled from the address); a member who
 * lands here (an old link, a typed code) is offered to open it instead.
 */
export default function JoinOrgPage() {
  const { t } = useTranslation('navbar');
  const params = useParams<{ orgCode: string }>();
  const [, navigate] = useLocation();
  const [code, setCode] = useState(params.orgCode && params.orgCode !== PERSONAL ? params.orgCode : '');
  const [preview, setPreview] = useState<TOrgByCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const c = code.trim().toLowerCase();
    if (c.length < 3) {
      setPreview(null);
      return;
    }
    const timer = setTimeout(() => {
      // Signed in, so the lookup also says whether the user is already a member (spec 01's by-org-code).
      orgsApi.byCode(c).then(
        (r) => setPreview(r.data),
        () => setPreview(null),
      );
    }, 400);
    return () => clearTimeout(timer);
  }, [code]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (preview?.isMember && preview.orgCode === code.trim().toLowerCase()) {
      navigate(`/${preview.orgCode}/explore`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const org = await joinOrg(code.trim().toLowerCase());
      toastSuccess(t('join.joined', { name: org.name }));
      navigate(`/${org.orgCode}/explore`, { replace: true });
    } catch {
      setError(t('join.notFound'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow">
      <h1>{t('join.title')}</h1>
      <p className="page__lead">{t('join.lead')}</p>
      <form className="card" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="join-code">{t('join.code')}</label>
          <input
            id="join-code"
            className="input"
            value={code}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        {preview && (
          <p className="join-preview" data-testid="join-preview">
            {t(preview.isMember ? 'join.alreadyMember' : 'join.preview', { name: preview.name })}
          </p>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" busy={busy} needsConnection disabled={code.trim().length < 3}>
          {preview?.isMember ? t('join.open', { name: preview.name }) : t('join.submit')}
        </Button>
      </form>
    </section>
  );
}
