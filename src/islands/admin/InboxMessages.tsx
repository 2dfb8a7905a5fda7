import { useId, useState } from 'react';
import { replyHref } from '../../domain/contact/contact-form.ts';
import type { ContactMessage, ContactPage } from '../../domain/contact/contact-message.ts';
import { when } from './ui/date-time.ts';
import { listButton } from './ui/styles.ts';

type Props = {
  inbox: ContactPage;
  setRead: (message: ContactMessage, read: boolean) => void;
  setPage: (page: number) => void;
};

/** The contact messages of one page, each opening to its text, a reply link and its read state. */
export default function InboxMessages({ inbox, setRead, setPage }: Props) {
  const ids = useId();
  const [expanded, setExpanded] = useState<number | null>(null);
  const first = inbox.total > 0 ? (inbox.page - 1) * inbox.pageSize + 1 : 0;
  const last = Math.min(inbox.page * inbox.pageSize, inbox.total);

  function toggleMessage(message: ContactMessage) {
    const opening = expanded !== message.id;
    setExpanded(opening ? message.id : null);
    // Opening a message is reading it.
    if (opening && message.readAt === null) setRead(message, true);
  }

  return (
    <div className="grid gap-3">
      {inbox.messages.length === 0 ? (
        <p className="text-muted">Δεν υπάρχουν μηνύματα.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Μηνύματα">
          {inbox.messages.map((message) => {
            const unread = message.readAt === null;
            const panelId = `${ids}-message-${message.id}`;
            return (
              <li key={message.id} className="rounded-md border border-line" data-testid="inbox-message">
                <button
                  type="button"
                  aria-expanded={expanded === message.id}
                  aria-controls={panelId}
                  onClick={() => toggleMessage(message)}
                  className="grid min-h-11 w-full gap-0.5 px-3 py-2 text-left hover:bg-mist"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    {unread && (
                      <span className="rounded-full bg-accent px-2 text-xs font-bold text-paper">Νέο</span>
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
                    <button type="button" onClick={() => setRead(message, unread)} className={listButton}>
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
                className={listButton}
              >
                Προηγούμενη
              </button>
              <button
                type="button"
                disabled={last >= inbox.total}
                onClick={() => setPage(inbox.page + 1)}
                className={listButton}
              >
                Επόμενη
              </button>
            </span>
          )}
        </div>
      )}
    </div>
  );
}
