import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { LOGIN_PATH } from '../../domain/admin/return-path.ts';
import { $session, loadSession, signOut } from '../../stores/session.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';
import { outlineButton } from './ui/styles.ts';

/**
 * The dashboard top bar's account part: who is signed in, and sign-out (the session ends on the
 * server, then back to the sign-in page). Nothing until the server has said who it is; the
 * dashboard's own island sends a signed-out visitor to the sign-in page. The session may be known
 * before this island hydrates (the dashboard's island asked): its first render is still the HTML's.
 */
export default function AdminAccount() {
  const session = useStore($session);
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    setHydrated(true);
    void loadSession();
  }, []);

  if (!hydrated || session.status !== 'signed-in') return null;

  async function leave() {
    setBusy(true);
    setError('');
    const result = await signOut();
    if (result.ok) {
      window.location.replace(LOGIN_PATH);
      return;
    }
    setBusy(false);
    setError(result.message);
  }

  return (
    <div className="grid justify-items-end gap-1">
      <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm">
          <span className="max-sm:sr-only">Συνδεδεμένος ως </span>
          <strong className="break-all">{session.user.email}</strong>
        </p>
        <button type="button" onClick={leave} disabled={busy} className={`${outlineButton} bg-paper`}>
          {busy ? 'Αποσύνδεση...' : 'Αποσύνδεση'}
        </button>
      </div>
      <ErrorAlert message={error} small />
    </div>
  );
}
