import { useTranslation } from '../i18n';
import { SignIn } from './SignIn';
import type { TLoad } from './useLoad';

/** What a failed load shows: sign in, not a participant, not found, offline. */
export function Problem({
  state,
  onSignedIn,
}: {
  state: Extract<TLoad<unknown>, { status: 'error' }>;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation('player');
  if (state.code === 'signIn') return <SignIn onDone={onSignedIn} />;
  return (
    <div className="pl-card" role="alert">
      <p>{t(`errors.${state.code}`)}</p>
      {state.code === 'forbidden' && <a href="/viewer/join">{t('join.title')}</a>}
    </div>
  );
}
