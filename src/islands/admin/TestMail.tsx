import { useState } from 'react';
import type { TestMailResult } from '../../domain/mail/test-mail.ts';
import { sendTestMail } from '../../stores/admin-api.ts';
import { outlineButton } from './ui/styles.ts';

const TONES: Record<TestMailResult['status'], string> = {
  delivered: 'text-success',
  waiting: 'text-muted',
  failed: 'text-danger',
};

/** "Send a test mail": the answer is what SMTP or EmailJS really did with it. */
export default function TestMail() {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ tone: string; text: string } | null>(null);

  async function send() {
    setSending(true);
    setResult(null);
    const answer = await sendTestMail();
    setSending(false);
    setResult(
      answer.ok
        ? { tone: TONES[answer.data.status], text: answer.data.message }
        : { tone: TONES.failed, text: answer.error.message },
    );
  }

  return (
    <div className="grid gap-2 border-t border-line pt-4">
      <h3 className="font-semibold">Αποστολή email</h3>
      <p className="text-sm text-muted">
        Στέλνει ένα δοκιμαστικό μήνυμα στο email επικοινωνίας του καταστήματος και δείχνει τι απάντησε η
        υπηρεσία αποστολής.
      </p>
      <button
        type="button"
        onClick={send}
        disabled={sending}
        className={`${outlineButton} justify-self-start`}
      >
        {sending ? 'Αποστολή...' : 'Αποστολή δοκιμαστικού email'}
      </button>
      <p role="status" className={`text-sm font-semibold ${result?.tone ?? ''}`}>
        {result?.text}
      </p>
    </div>
  );
}
