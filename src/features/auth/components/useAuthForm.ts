import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authErrorText } from '../error-text';

/**
 * The e-mail and password of an auth form with its busy flag and error text. `run` does one submit:
 * busy while it runs, the error cleared first and set from what it throws (`errorText`, by default
 * the auth texts; an empty text shows nothing).
 */
export function useAuthForm(errorText?: (err: unknown) => string) {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (err) {
      setError(errorText ? errorText(err) : authErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return { email, setEmail, password, setPassword, busy, error, setError, run };
}
