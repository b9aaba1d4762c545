// What every cloud call of the account screen shares: a busy flag, the failure said in the shop's words, the token.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudError } from '../../sync/cloudApi';
import { syncEngine } from '../../sync/syncEngine';

const ERROR_CODES = [
  'invalid_credentials',
  'login_taken',
  'invalid_login',
  'invalid_pairing_code',
  'wrong_password',
  'too_many_requests',
] as const;

/** The translation key of a failed call's message. */
export function errorKey(error: unknown): `errors.${(typeof ERROR_CODES)[number] | 'network' | 'generic'}` {
  if (error instanceof CloudError) {
    if (error.status === 0) return 'errors.network';
    const known = ERROR_CODES.find((code) => code === error.code);
    if (known) return `errors.${known}`;
  }
  return 'errors.generic';
}

/** Runs one call at a time: busy while it runs, its failure kept as the message to show. */
export function useCloudCall() {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(t(errorKey(failure)));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

/** Calls the cloud with this phone's access token; signed out, it fails as the server would (401). */
export async function withToken<T>(work: (token: string) => Promise<T>): Promise<T> {
  const token = await syncEngine.accessToken();
  if (!token) throw new CloudError(401, 'unauthorized', 'signed out');
  return work(token);
}
