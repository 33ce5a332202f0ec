import { type FormEvent, useState } from 'react';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { signIn } from '../session';

/** A light sign-in for learners; creating an account goes to the editor's sign-up and comes back. */
export function SignIn({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('player');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await signIn(email.trim(), password);
      onDone();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const back = window.location.pathname;
  return (
    <form className="pl-card pl-form" onSubmit={submit}>
      <h2>{t('signIn.title')}</h2>
      <p className="pl-muted">{t('signIn.why')}</p>
      <label className="pl-field">
        <span>{t('signIn.email')}</span>
        <input
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label className="pl-field">
        <span>{t('signIn.password')}</span>
        <input
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {failed && (
        <p className="pl-error" role="alert">
          {t('signIn.failed')}
        </p>
      )}
      <Button type="submit" busy={busy}>
        {t('signIn.submit')}
      </Button>
      <a href={`/editor/signup?next=${encodeURIComponent(back)}`}>{t('signIn.create')}</a>
    </form>
  );
}
