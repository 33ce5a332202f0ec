import { useLocation } from 'wouter';
import { ApiError } from '../../shared/api/http';
import { useTranslation } from '../i18n';
import { playerApi } from '../player.api';
import { getAccessToken } from '../session';
import { SignIn } from './SignIn';
import { useLoad } from './useLoad';

/** /viewer/assignments/join-assignment/{code}: sign in (or create an account) if needed, then join. */
export function JoinCodePage({ code }: { code: string }) {
  const { t } = useTranslation('player');
  const [, go] = useLocation();
  const { state, reload } = useLoad(async () => {
    if (!(await getAccessToken())) throw new ApiError('http', 'signIn', 401);
    const res = await playerApi.join(code);
    go(`/assignment/${res.data.assignmentId}`, { replace: true });
    return res.data;
  }, code);
  return (
    <div className="pl-page">
      <h1 className="pl-title">{t('join.joining', { code })}</h1>
      {state.status === 'loading' && <p className="pl-muted">{t('run.loading')}</p>}
      {state.status === 'error' && state.code === 'signIn' && <SignIn onDone={reload} />}
      {state.status === 'error' && state.code !== 'signIn' && (
        <div className="pl-card" role="alert">
          <p>{state.code === 'offline' ? t('errors.offline') : (state.message ?? t('errors.failed'))}</p>
          <a href="/viewer/join">{t('join.tryAnother')}</a>
        </div>
      )}
    </div>
  );
}
