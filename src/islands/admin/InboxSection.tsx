import { useCallback, useEffect, useState } from 'react';
import type { ContactMessage, ContactPage } from '../../domain/contact/contact-message.ts';
import { callApi } from '../../stores/api.ts';
import InboxMessages from './InboxMessages.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Section from './ui/Section.tsx';

const PAGE_SIZE = 20;

/**
 * The owner's inbox: contact messages with read state and a reply link. The endpoint also answers
 * the latest outgoing mails; the mail section (MailSection.tsx) shows those.
 */
export default function InboxSection() {
  const [page, setPage] = useState(1);
  const [inbox, setInbox] = useState<ContactPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (wanted: number) => {
    const result = await callApi<ContactPage>('GET', `/api/admin/inbox?page=${wanted}&pageSize=${PAGE_SIZE}`);
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

  const title = (
    <span>
      Μηνύματα επικοινωνίας
      {inbox && inbox.unread > 0 && (
        <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-sm text-paper">{inbox.unread} νέα</span>
      )}
    </span>
  );

  return (
    <Section title={title}>
      <ErrorAlert message={error} small />
      {!inbox && !error && <p aria-busy="true">Φόρτωση...</p>}
      {inbox && (
        <InboxMessages
          inbox={inbox}
          setRead={(message, read) => void setRead(message, read)}
          setPage={setPage}
        />
      )}
    </Section>
  );
}
