import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  contactErrors,
  contactMail,
  looksLikeSpam,
  replyHref,
} from '../../../src/domain/contact/contact-form.ts';

const VALID = { name: 'Μαρία Παπαδοπούλου', email: 'maria@example.gr', message: 'Έχετε κάρτες του Γιάννη;' };

describe('contactErrors', () => {
  it('accepts a complete form', () => {
    expect(contactErrors(VALID)).toEqual({});
    expect(contactErrors({ ...VALID, website: '', elapsedMs: 5000 })).toEqual({});
  });

  it('needs every field, each with its own message', () => {
    expect(contactErrors({ name: '', email: '', message: '' })).toEqual({
      name: 'Το όνομα είναι υποχρεωτικό.',
      email: 'Το email είναι υποχρεωτικό.',
      message: 'Το μήνυμα είναι υποχρεωτικό.',
    });
    expect(contactErrors({})).toEqual({
      name: 'Το όνομα είναι υποχρεωτικό.',
      email: 'Το email είναι υποχρεωτικό.',
      message: 'Το μήνυμα είναι υποχρεωτικό.',
    });
    expect(contactErrors({ ...VALID, name: '   ' })).toEqual({ name: 'Το όνομα είναι υποχρεωτικό.' });
  });

  it('checks the email format', () => {
    for (const email of ['maria', 'maria@', '@example.gr', 'maria@example', 'a b@example.gr']) {
      expect(contactErrors({ ...VALID, email }), email).toEqual({ email: 'Συμπληρώστε ένα έγκυρο email.' });
    }
    expect(contactErrors({ ...VALID, email: ' maria@example.gr ' })).toEqual({});
  });

  it('limits the message to 5000 characters and the name to 120', () => {
    expect(contactErrors({ ...VALID, message: 'α'.repeat(5000) })).toEqual({});
    expect(contactErrors({ ...VALID, message: 'α'.repeat(5001) })).toEqual({
      message: 'Το μήνυμα μπορεί να έχει έως 5000 χαρακτήρες.',
    });
    expect(Object.keys(contactErrors({ ...VALID, name: 'x'.repeat(121) }))).toEqual(['name']);
  });

  it('has the spec texts', () => {
    expect(CONTACT_MESSAGES.sent).toBe('Το μήνυμα στάλθηκε επιτυχώς!');
    expect(CONTACT_MESSAGES.failed).toBe('Κάτι πήγε στραβά. Προσπάθησε ξανά.');
  });
});

describe('looksLikeSpam', () => {
  it('flags a filled honeypot', () => {
    expect(looksLikeSpam({ website: 'http://spam.example', elapsedMs: 60_000 })).toBe(true);
  });

  it('flags a form sent in under 3 seconds, or with no time at all', () => {
    expect(looksLikeSpam({ website: '', elapsedMs: 2999 })).toBe(true);
    expect(looksLikeSpam({ website: '', elapsedMs: Number.NaN })).toBe(true);
    expect(looksLikeSpam({ website: '', elapsedMs: -1 })).toBe(true);
  });

  it('lets a person through', () => {
    expect(looksLikeSpam({ website: '', elapsedMs: 3000 })).toBe(false);
    expect(looksLikeSpam({ website: '  ', elapsedMs: 45_000 })).toBe(false);
  });
});

describe('mail texts', () => {
  it('keeps line breaks of the name out of the subject', () => {
    const mail = contactMail({ ...VALID, name: 'Evil\r\nBcc: victim@example.com' });
    expect(mail.subject).toBe('Νέο μήνυμα επικοινωνίας από Evil Bcc: victim@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain(VALID.message);
    expect(mail.text).toContain(VALID.email);
  });

  it('builds a reply link with a Re: subject and the message quoted', () => {
    const href = replyHref({ email: 'maria@example.gr', message: 'Γεια\nσας' });
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('maria@example.gr');
    expect(url.searchParams.get('subject')).toMatch(/^Re: /);
    expect(url.searchParams.get('body')).toContain('> Γεια\n> σας');
  });

  it('shortens a long quote', () => {
    const href = replyHref({ email: 'maria@example.gr', message: 'x'.repeat(5000) });
    expect(href.length).toBeLessThan(2000);
  });
});
