import { useCallback, useEffect, useId, useState } from 'react';
import { replyHref } from '../../domain/contact/contact-form.ts';
import type { ContactMessage, ContactPage } from '../../domain/contact/contact-message.ts';
import type { MailStatus, OutboxEntry } from '../../domain/mail/outgoing-mail.ts';
import { callApi } from '../../stores/api.ts';

type OutboxStatus = Omit<OutboxEntry, 'text'>;
type Inbox = ContactPage & { outbox: OutboxStatus[]; mailConfigured: boolean };

const PAGE_SIZE = 20;

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
  'security-alert': 'Ειδοποίηση ασφαλείας',
};

const dateTime = new Intl.DateTimeFormat('el-GR', { dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-line px-3 text-sm font-semibold hover:bg-mist disabled:opacity-50';

/** The owner's inbox: contact messages with read state and a reply link, and the mail outbox's delivery state. */
export default function InboxSection() {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async (wanted: number) => {
    const result = await callApi<Inbox>('GET', `/api/admin/inbox?page=${wanted}&pageSize=${PAGE_SIZE}`);
    if (!result.ok) {
      setError(`Αποτυχία φόρτωσης μηνυμάτων: ${result.error.message}`);
      return;
    }
    setError(null);
    setInbox(result.data);
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  function replace(message: ContactMessage) {
    setInbox((current) => {
      if (!current) return current;
      const before = current.messages.find((other) => other.id === message.id);
      const change = before ? Number(before.readAt === null) - Number(message.readAt === null) : 0;
      return {
        ...current,
        unread: current.unread - change,
        messages: current.messages.map((other) => (other.id === message.id ? message : other)),
      };
    });
  }

  async function setRead(message: ContactMessage, read: boolean) {
    const result = await callApi<{ message: ContactMessage }>('PATCH', `/api/admin/inbox/${message.id}`, {
      read,
    });
    if (result.ok) replace(result.data.message);
    else setError(result.error.message);
  }

  function toggleMessage(message: ContactMessage) {
    const opening = expanded !== message.id;
    setExpanded(opening ? message.id : null);
    // Opening a message is reading it.
    if (opening && message.readAt === null) void setRead(message, true);
  }

  async function retry(id: number) {
    setRetrying(id);
    const result = await callApi<{ message: string }>('POST', `/api/admin/outbox/${id}`);
    setRetrying(null);
    setNotice(result.ok ? result.data.message : result.error.message);
    await load(page);
  }

  const bodyId = `${ids}-body`;
  const first = inbox && inbox.total > 0 ? (inbox.page - 1) * inbox.pageSize + 1 : 0;
  const last = inbox ? Math.min(inbox.page * inbox.pageSize, inbox.total) : 0;

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-card border border-line p-4 shadow-card">
      <h2 id={`${ids}-title`} className="text-lg font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-2 text-left"
        >
          <span>
            Μηνύματα επικοινωνίας
            {inbox && inbox.unread > 0 && (
              <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-sm text-paper">
                {inbox.unread} νέα
              </span>
            )}
          </span>
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
            ›
          </span>
        </button>
      </h2>

      <div id={bodyId} hidden={!open} className="mt-4 grid gap-6">
        {error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        )}
        {!inbox && !error && <p aria-busy="true">Φόρτωση...</p>}

        {inbox && (
          <div className="grid gap-3">
            {inbox.messages.length === 0 ? (
              <p className="text-muted">Δεν υπάρχουν μηνύματα.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Μηνύματα">
                {inbox.messages.map((message) => {
                  const unread = message.readAt === null;
                  const panelId = `${ids}-message-${message.id}`;
                  return (
                    <li
                      key={message.id}
                      className="rounded-md border border-line"
                      data-testid="inbox-message"
                    >
                      <button
                        type="button"
                        aria-expanded={expanded === message.id}
                        aria-controls={panelId}
                        onClick={() => toggleMessage(message)}
                        className="grid min-h-11 w-full gap-0.5 px-3 py-2 text-left hover:bg-mist"
                      >
                        <span className="flex flex-wrap items-center gap-2">
                          {unread && (
                            <span className="rounded-full bg-accent px-2 text-xs font-bold text-paper">
                              Νέο
                            </span>
                          )}
                          <span className={unread ? 'font-bold' : 'font-semibold'}>{message.name}</span>
                          <span className="text-sm text-muted">{message.email}</span>
                          <span className="ml-auto text-sm text-muted">{when(message.createdAt)}</span>
                        </span>
                        <span className="truncate text-sm text-muted">{message.message}</span>
                      </button>
                      <div
                        id={panelId}
                        hidden={expanded !== message.id}
                        className="grid gap-3 border-t border-line p-3"
                      >
                        <p className="whitespace-pre-wrap break-words">{message.message}</p>
                        <div className="flex flex-wrap gap-2">
                          <a
                            href={replyHref(message)}
                            className="inline-flex min-h-11 items-center rounded-full bg-accent px-4 text-sm font-bold text-paper hover:bg-accent-strong"
                          >
                            Απάντηση με email
                          </a>
                          <button
                            type="button"
                            onClick={() => void setRead(message, unread)}
                            className={buttonClass}
                          >
                            {unread ? 'Σήμανση ως αναγνωσμένο' : 'Σήμανση ως μη αναγνωσμένο'}
                          </button>
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            {inbox.total > 0 && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span>
                  Εμφάνιση {first} έως {last} από {inbox.total} μηνύματα
                </span>
                {inbox.total > inbox.pageSize && (
                  <span className="ml-auto flex gap-2">
                    <button
                      type="button"
                      disabled={inbox.page <= 1}
                      onClick={() => setPage(inbox.page - 1)}
                      className={buttonClass}
                    >
                      Προηγούμενη
                    </button>
                    <button
                      type="button"
                      disabled={last >= inbox.total}
                      onClick={() => setPage(inbox.page + 1)}
                      className={buttonClass}
                    >
                      Επόμενη
                    </button>
                  </span>
                )}
              </div>
            )}
          </div>
        )}

        {inbox && (
          <section aria-labelledby={`${ids}-outbox`} className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`${ids}-outbox`} className="font-bold">
                Εξερχόμενα email
              </h3>
              <button type="button" onClick={() => void load(page)} className={buttonClass}>
                Ανανέωση
              </button>
            </div>
            {!inbox.mailConfigured && (
              <p className="rounded-md bg-mist px-3 py-2 text-sm">
                Η αποστολή email δεν έχει ρυθμιστεί (SMTP): τα email μένουν σε αναμονή εδώ και τα μηνύματα
                φαίνονται παραπάνω.
              </p>
            )}
            <div aria-live="polite">{notice && <p className="text-sm">{notice}</p>}</div>
            {inbox.outbox.length === 0 ? (
              <p className="text-muted">Δεν υπάρχουν email.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Εξερχόμενα email">
                {inbox.outbox.map((mail) => (
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
                        className={`${buttonClass} w-fit`}
                        aria-label={`Νέα προσπάθεια αποστολής: ${mail.subject}`}
                      >
                        Νέα προσπάθεια
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </section>
  );
}
