import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation } from 'wouter';
import { auth, dismissSessionExpired } from '../features/auth';
import { resolveSpace } from '../features/orgs';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { LoadingScreen } from '../ui/LoadingScreen';
import { space } from '../ui/space';

/**
 * Where sign-in sends a signed-out visitor back to. Spec 01 §2 keeps the path only when it contains
 * flows and otherwise sends to /{orgCode}/explore; we keep every requested page, its space included
 * (a teacher opening /demo-school/assignment comes back to it, not to the personal explorer), and use
 * the explorer only for the bare root. docs/design/accounts.md says why.
 */
export function loginPathFor(location: string, orgCode: string): string {
  const requested = location && location !== '/' ? location : '';
  const next = requested || `/${orgCode}/explore`;
  return `/login?next=${encodeURIComponent(next)}`;
}

function SessionExpired({ to }: { to: string }) {
  const { t } = useTranslation('common');
  const [, navigate] = useLocation();
  const ok = () => {
    dismissSessionExpired();
    navigate(to, { replace: true });
  };
  return (
    <Dialog
      alert
      title={t('session.expiredTitle')}
      onClose={ok}
      footer={<Button onClick={ok}>{t('actions.ok')}</Button>}
    >
      <p>{t('session.expiredMessage')}</p>
    </Dialog>
  );
}

/** Keeps the active space in step with the org code in the address. */
function SpaceGate({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const orgCode = location.split('/')[1] ?? 'personal';
  const { t } = useTranslation('common');
  const spaceSnap = useSnapshot(space);
  const [state, setState] = useState<'ready' | 'pending' | 'not-member'>(
    spaceSnap.orgCode === orgCode ? 'ready' : 'pending',
  );
  useEffect(() => {
    if (space.orgCode === orgCode) {
      setState('ready');
      return;
    }
    let live = true;
    setState('pending');
    resolveSpace(orgCode).then((result) => {
      if (live) setState(result === 'ok' ? 'ready' : 'not-member');
    });
    return () => {
      live = false;
    };
  }, [orgCode]);
  const onJoinPage = location.endsWith('/join-org');
  if (state === 'not-member' && !onJoinPage) return <Redirect to={`/${orgCode}/join-org`} replace />;
  if (state === 'pending' && !onJoinPage) return <LoadingScreen label={t('loading')} />;
  return <>{children}</>;
}

/** Guards a page: loading animation while auth starts, sign-in when signed out, then the space. */
export function Guard({ children }: { children: ReactNode }) {
  const snap = useSnapshot(auth);
  const [location] = useLocation();
  const { t } = useTranslation('common');
  if (snap.status === 'loading') return <LoadingScreen label={t('loading')} />;
  if (snap.status === 'signedOut') {
    const to = loginPathFor(location, space.orgCode);
    if (snap.sessionExpired) return <SessionExpired to={to} />;
    return <Redirect to={to} replace />;
  }
  return <SpaceGate>{children}</SpaceGate>;
}
