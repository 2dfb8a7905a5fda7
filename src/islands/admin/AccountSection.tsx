import { useCallback, useEffect, useState } from 'react';
import { describeUserAgent } from '../../domain/admin/account-form.ts';
import { type AccountOverview, endOtherSessions, endSession, loadAccount } from '../../stores/admin-api.ts';
import { showSuccess } from '../../stores/admin-success.ts';
import PasswordForm from './PasswordForm.tsx';
import { when } from './ui/date-time.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Section from './ui/Section.tsx';
import { listButton } from './ui/styles.ts';

/**
 * The admin's account: change the password (the current one is required; every other session
 * ends), see the sessions signed in now and end any of them, and read the latest sign-ins.
 */
export default function AccountSection() {
  const [open, setOpen] = useState(false);
  const [account, setAccount] = useState<AccountOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const result = await loadAccount();
    if (!result.ok) {
      setError(`Αποτυχία φόρτωσης λογαριασμού: ${result.error.message}`);
      return;
    }
    setError(null);
    setAccount(result.data);
  }, []);

  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  /** Ends one session, or (null) every other one. */
  async function end(id: string | null) {
    setBusy(id ?? 'others');
    const result = id === null ? await endOtherSessions() : await endSession(id);
    setBusy(null);
    if (result.ok) showSuccess(result.data.message);
    else setError(result.error.message);
    await reload();
  }

  return (
    <Section
      title={<span>Λογαριασμός και ασφάλεια</span>}
      open={open}
      onToggle={setOpen}
      bodyClassName="mt-4 grid gap-8"
    >
      <ErrorAlert message={error} small />
      <PasswordForm
        onChanged={(message) => {
          showSuccess(message);
          void reload();
        }}
      />
      <SessionList account={account} loading={!account && !error} busy={busy !== null} end={end} />
      {account && <SignInList account={account} />}
    </Section>
  );
}

type SessionProps = {
  account: AccountOverview | null;
  loading: boolean;
  busy: boolean;
  end: (id: string | null) => Promise<void>;
};

/** The sessions signed in now; any but this one can be ended, or all the others at once. */
function SessionList({ account, loading, busy, end }: SessionProps) {
  const others = account?.sessions.filter((session) => !session.current).length ?? 0;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Ενεργές συνδέσεις</h3>
        <button
          type="button"
          className={listButton}
          disabled={others === 0 || busy}
          onClick={() => void end(null)}
        >
          Τερματισμός όλων των άλλων
        </button>
      </div>
      {loading && <p aria-busy="true">Φόρτωση...</p>}
      {account && (
        <ul className="grid gap-2" aria-label="Ενεργές συνδέσεις">
          {account.sessions.map((session) => (
            <li
              key={session.id}
              data-testid="admin-session"
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border border-line px-3 py-2 text-sm"
            >
              <span className="font-semibold">{describeUserAgent(session.userAgent)}</span>
              <span className="text-muted">{session.ip || '—'}</span>
              <span className="text-muted">Σύνδεση: {when(session.createdAt)}</span>
              <span className="text-muted">Τελευταία χρήση: {when(session.lastSeenAt)}</span>
              <span className="ml-auto">
                {session.current ? (
                  <span className="rounded-full bg-mist px-2 py-0.5 font-semibold">Αυτή η συσκευή</span>
                ) : (
                  <button
                    type="button"
                    className={listButton}
                    disabled={busy}
                    onClick={() => void end(session.id)}
                  >
                    Τερματισμός
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SignInList({ account }: { account: AccountOverview }) {
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">Τελευταίες συνδέσεις</h3>
      {account.signIns.length === 0 ? (
        <p className="text-muted">Δεν υπάρχουν συνδέσεις.</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label="Τελευταίες συνδέσεις">
          {account.signIns.map((signIn) => (
            <li key={signIn.id} data-testid="admin-sign-in" className="flex flex-wrap gap-x-4">
              <span>{when(signIn.at)}</span>
              <span className={signIn.succeeded ? 'text-success' : 'font-semibold text-danger'}>
                {signIn.succeeded ? 'Επιτυχής' : 'Αποτυχημένη'}
              </span>
              <span className="text-muted">{signIn.ip}</span>
              <span className="text-muted">{describeUserAgent(signIn.userAgent)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
