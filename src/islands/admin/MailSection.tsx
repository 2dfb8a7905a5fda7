import { useCallback, useEffect, useState } from 'react';
import type { ContactPage } from '../../domain/contact/contact-message.ts';
import { callApi } from '../../stores/api.ts';
import OutboxList, { type OutboxStatus } from './OutboxList.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Section from './ui/Section.tsx';

/** The inbox endpoint's answer: a page of messages, and the latest outgoing mails with their state. */
type Inbox = ContactPage & { outbox: OutboxStatus[]; mailConfigured: boolean };

/**
 * 'Εξερχόμενα email': the mail outbox's delivery state, with another try for a failed mail. Read
 * from the inbox endpoint, which answers the latest mails beside a page of messages (one here).
 */
export default function MailSection() {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await callApi<Inbox>('GET', '/api/admin/inbox?page=1&pageSize=1');
    if (!result.ok) {
      setError(`Αποτυχία φόρτωσης των email: ${result.error.message}`);
      return;
    }
    setError(null);
    setInbox(result.data);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Section title="Εξερχόμενα email">
      <ErrorAlert message={error} small />
      {!inbox && !error && <p aria-busy="true">Φόρτωση...</p>}
      {inbox && <OutboxList outbox={inbox.outbox} mailConfigured={inbox.mailConfigured} reload={load} />}
    </Section>
  );
}
