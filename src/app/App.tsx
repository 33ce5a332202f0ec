import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { Router, useLocation } from 'wouter';
import { auth } from '../features/auth';
import { loadLanguageDefaults, loadOrgs, resetOrgs } from '../features/orgs';
import { setProfile } from '../ui/profile';
import { SurfacesHost } from '../ui/SurfacesHost';
import type { PopupReason } from '../ui/surfaces';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './Routes';

/** Popup buttons: Reload after a crash, Sign In when unauthorised, otherwise just close. */
function usePopupAction() {
  const [, navigate] = useLocation();
  return (reason: PopupReason) => {
    if (reason === 'crash') window.location.reload();
    else if (reason === 'unauthorised') navigate('/login');
  };
}

function Shell() {
  const onPopupAction = usePopupAction();
  useEffect(() => {
    // Org list and language defaults follow the session; everything is dropped on sign-out.
    // Only on a change of status: a token refresh also writes auth.user and must not reload them.
    let last: string | null = null;
    const sync = () => {
      setProfile(auth.user);
      if (auth.status === last) return;
      last = auth.status;
      if (auth.status === 'signedIn') {
        void loadOrgs();
        void loadLanguageDefaults();
      } else if (auth.status === 'signedOut') resetOrgs();
    };
    sync();
    return subscribe(auth, sync);
  }, []);
  return (
    <>
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
      <SurfacesHost onPopupAction={onPopupAction} />
    </>
  );
}

export function App() {
  return (
    <Router base="/editor">
      <Shell />
    </Router>
  );
}
