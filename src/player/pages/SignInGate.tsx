import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../shared/api/http';
import { useTranslation } from '../i18n';
import { playerApi } from '../player.api';
import { getAccessToken } from '../session';
import { SignIn } from './SignIn';

/**
 * A public link of an assignment that requires sign-in (its signInRequired setting): nothing runs
 * until the learner signs in (or creates an account); then they join through the link and go on to
 * the assignment, or to the flow the link pointed at. "Not now" leads back to the join page.
 */
export function SignInGate({ code, name, flowId }: { code: string; name: string; flowId?: string }) {
  const { t } = useTranslation('player');
  const [, go] = useLocation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const join = useCallback(async () => {
    setError(null);
    try {
      const res = await playerApi.joinPublic(code);
      const id = res.data.assignmentId;
      go(flowId ? `/assignment/${id}/flow/${flowId}` : `/assignment/${id}`, { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.status !== 401 && e.message ? e.message : t('errors.failed'));
      setAsking(true);
    }
  }, [code, flowId, go, t]);
  useEffect(() => {
    void getAccessToken().then((token) => (token ? join() : setAsking(true)));
  }, [join]);
  return (
    <div className="pl-page" data-testid="sign-in-gate">
      <h1 className="pl-title">{name}</h1>
      <p className="pl-muted">{t('signIn.required')}</p>
      {error && (
        <p className="pl-error" role="alert">
          {error}
        </p>
      )}
      {asking && <SignIn onDone={join} />}
      <a href="/viewer/join" className="pl-back">
        {t('signIn.notNow')}
      </a>
    </div>
  );
}
