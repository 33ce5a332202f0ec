import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http';
import { Button } from '../../../ui/Button';
import { toastSuccess } from '../../../ui/surfaces';
import { inviteMember, memberName } from '../members.store';
import { isEmail } from './EmailChips';

/** Invite by e-mail with a role; an address without an account gets an invitation and joins on sign-up. */
export function InviteForm({ projectId }: { projectId: string }) {
  const { t } = useTranslation('navbar');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'collaborator'>('collaborator');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim().toLowerCase();
    if (!isEmail(address)) return setError(t('collections.invalidEmail'));
    setBusy(true);
    setError('');
    try {
      const m = await inviteMember(projectId, address, role);
      toastSuccess(
        m.pending
          ? t('collections.toast.invited', { email: address })
          : t('collections.toast.added', { name: memberName(m) }),
      );
      setEmail('');
    } catch (err) {
      // Quiet call: the reason (already a member, not allowed…) is shown under the field.
      setError(err instanceof ApiError && err.message ? err.message : t('collections.inviteFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="invite-form" onSubmit={submit} noValidate aria-label={t('collections.inviteTitle')}>
      <div className="field invite-form__email">
        <label htmlFor="invite-email">{t('collections.inviteEmail')}</label>
        <input
          id="invite-email"
          className="input"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          placeholder={t('collections.invitePlaceholder')}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? 'invite-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="field invite-form__role">
        <label htmlFor="invite-role">{t('collections.inviteRole')}</label>
        <select
          id="invite-role"
          className="input"
          value={role}
          onChange={(e) => setRole(e.target.value as 'admin' | 'collaborator')}
        >
          <option value="collaborator">{t('collections.role.collaborator')}</option>
          <option value="admin">{t('collections.role.admin')}</option>
        </select>
      </div>
      <Button type="submit" busy={busy} disabled={!email.trim()} className="invite-form__submit">
        {t('collections.invite')}
      </Button>
      {error && (
        <p id="invite-error" className="field__error invite-form__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
