import { useState } from 'react';
import type { MailStatus, OutboxEntry } from '../../domain/mail/outgoing-mail.ts';
import { callApi } from '../../stores/api.ts';
import { when } from './ui/date-time.ts';
import { listButton } from './ui/styles.ts';

export type OutboxStatus = Omit<OutboxEntry, 'text'>;

const STATUS_LABELS: Record<MailStatus, string> = {
  delivered: 'Εστάλη',
  pending: 'Σε αναμονή',
  failed: 'Απέτυχε',
};
const STATUS_CLASSES: Record<MailStatus, string> = {
  delivered: 'bg-success/10 text-success',
  pending: 'bg-mist text-muted',
  failed: 'bg-danger/10 text-danger',
};
const KIND_LABELS: Record<OutboxEntry['kind'], string> = {
  'contact-message': 'Μήνυμα επικοινωνίας',
  'order-confirmation': 'Επιβεβαίωση παραγγελίας',
  'order-notification': 'Νέα παραγγελία',
  'order-status': 'Ενημέρωση παραγγελίας',
  'security-alert': 'Ειδοποίηση ασφαλείας',
  'test-mail': 'Δοκιμαστικό μήνυμα',
  'password-reset': 'Νέος κωδικός διαχειριστή',
  'stock-alert-confirm': 'Επιβεβαίωση ειδοποίησης διαθεσιμότητας',
  'back-in-stock': 'Ξανά διαθέσιμο',
};

type Props = {
  outbox: OutboxStatus[];
  mailConfigured: boolean;
  /** Reads the outbox again. */
  reload: () => Promise<void>;
};

/** The mail outbox's list: each mail's delivery state, and another try for a failed one. */
export default function OutboxList({ outbox, mailConfigured, reload }: Props) {
  const [retrying, setRetrying] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function retry(id: number) {
    setRetrying(id);
    const result = await callApi<{ message: string }>('POST', `/api/admin/outbox/${id}`);
    setRetrying(null);
    setNotice(result.ok ? result.data.message : result.error.message);
    await reload();
  }

  return (
    <div className="grid gap-3">
      <button type="button" onClick={() => void reload()} className={`${listButton} w-fit`}>
        Ανανέωση
      </button>
      {!mailConfigured && (
        <p className="rounded-md bg-mist px-3 py-2 text-sm">
          Η αποστολή email δεν έχει ρυθμιστεί (SMTP): τα email μένουν σε αναμονή εδώ και τα μηνύματα
          επικοινωνίας φαίνονται στην ενότητα «Μηνύματα».
        </p>
      )}
      <div aria-live="polite">{notice && <p className="text-sm">{notice}</p>}</div>
      {outbox.length === 0 ? (
        <p className="text-muted">Δεν υπάρχουν email.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Εξερχόμενα email">
          {outbox.map((mail) => (
            <li
              key={mail.id}
              className="grid gap-1 rounded-md border border-line p-3 text-sm"
              data-testid="outbox-mail"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 font-semibold ${STATUS_CLASSES[mail.status]}`}>
                  {STATUS_LABELS[mail.status]}
                </span>
                <span className="font-semibold">{mail.subject}</span>
              </span>
              <span className="text-muted">
                {KIND_LABELS[mail.kind]} · προς {mail.to} · {when(mail.createdAt)} · προσπάθειες:{' '}
                {mail.attempts}
              </span>
              {mail.lastError && mail.status !== 'delivered' && (
                <span className="break-words text-danger">Αιτία: {mail.lastError}</span>
              )}
              {mail.status === 'failed' && (
                <button
                  type="button"
                  disabled={retrying === mail.id}
                  onClick={() => void retry(mail.id)}
                  className={`${listButton} w-fit`}
                  aria-label={`Νέα προσπάθεια αποστολής: ${mail.subject}`}
                >
                  Νέα προσπάθεια
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
