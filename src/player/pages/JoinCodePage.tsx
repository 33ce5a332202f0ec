import { useState } from 'react';
import { useLocation } from 'wouter';
import type { TJoinLookup } from '../../shared/contract/player-guest';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { playerApi } from '../player.api';
import { getAccessToken, isGuestToken, joinAsGuest } from '../session';
import { Closed } from './Closed';
import { GuestJoin } from './GuestJoin';
import { SignIn } from './SignIn';
import { useLoad } from './useLoad';

/**
 * /viewer/assignments/join-assignment/{code}: a signed-in learner joins at once. Otherwise the
 * assignment decides: it needs an account (sign in or create one, then join), or it takes a guest
 * with a name only (sign-in stays possible). A guest who joined it before keeps their session.
 */
export function JoinCodePage({ code }: { code: string }) {
  const { t } = useTranslation('player');
  const [, go] = useLocation();
  const [withAccount, setWithAccount] = useState(false);
  const open = (assignmentId: string) => go(`/assignment/${assignmentId}`, { replace: true });
  const { state, reload } = useLoad<TJoinLookup | null>(async () => {
    const token = await getAccessToken();
    if (token && !isGuestToken(token)) {
      open((await playerApi.join(code)).data.assignmentId);
      return null;
    }
    const info = (await playerApi.lookup(code)).data;
    if (token && !info.signInRequired && !info.closed) {
      // A guest of this assignment comes back; a guest of another one joins afresh below.
      const joined = await joinAsGuest(code).catch(() => null);
      if (joined) {
        open(joined.assignmentId);
        return null;
      }
    }
    return info;
  }, code);
  const info = state.status === 'ok' ? state.data : null;
  const signIn = state.status === 'error' && state.code === 'signIn';
  return (
    <div className="pl-page">
      <h1 className="pl-title">{info ? info.name : t('join.joining', { code })}</h1>
      {state.status === 'loading' && <p className="pl-muted">{t('run.loading')}</p>}
      {info?.closed && (
        <>
          <Closed reason={info.closed} />
          <a href="/viewer/join">{t('join.tryAnother')}</a>
        </>
      )}
      {info && !info.closed && info.signInRequired && <SignIn onDone={reload} />}
      {info && !info.closed && !info.signInRequired && (
        <>
          <GuestJoin code={code} onJoined={open} />
          {withAccount ? (
            <SignIn onDone={reload} />
          ) : (
            <Button variant="secondary" onClick={() => setWithAccount(true)}>
              {t('guest.signInInstead')}
            </Button>
          )}
        </>
      )}
      {signIn && <SignIn onDone={reload} />}
      {state.status === 'error' && !signIn && (
        <div className="pl-card" role="alert">
          <p>{state.code === 'offline' ? t('errors.offline') : (state.message ?? t('errors.failed'))}</p>
          <a href="/viewer/join">{t('join.tryAnother')}</a>
        </div>
      )}
    </div>
  );
}
