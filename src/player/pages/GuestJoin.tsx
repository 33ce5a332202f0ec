import { type FormEvent, useState } from 'react';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { joinAsGuest } from '../session';

/** Same limit as the server's (GUEST_NAME_MAX in src/shared/contract/player-guest.ts, not imported: zod). */
const NAME_MAX = 40;

/**
 * Kahoot-style joining with a display name only, for an assignment that needs no sign-in. The
 * teacher sees this name next to the learner's answers.
 */
export function GuestJoin({ code, onJoined }: { code: string; onJoined: (assignmentId: string) => void }) {
  const { t } = useTranslation('player');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setFailed(null);
    try {
      onJoined((await joinAsGuest(code, name.trim())).assignmentId);
    } catch (err) {
      const offline =
        err instanceof Error && 'kind' in err && (err.kind === 'offline' || err.kind === 'network');
      setFailed(offline ? t('errors.offline') : err instanceof Error ? err.message : t('guest.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="pl-card pl-form" onSubmit={submit} data-testid="guest-join">
      <h2>{t('guest.title')}</h2>
      <p className="pl-muted">{t('guest.why')}</p>
      <label className="pl-field">
        <span>{t('guest.name')}</span>
        <input
          value={name}
          required
          maxLength={NAME_MAX}
          autoComplete="nickname"
          autoCapitalize="words"
          enterKeyHint="go"
          placeholder={t('guest.namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {failed && (
        <p className="pl-error" role="alert">
          {failed}
        </p>
      )}
      <Button type="submit" busy={busy} disabled={!name.trim()}>
        {t('guest.submit')}
      </Button>
    </form>
  );
}
