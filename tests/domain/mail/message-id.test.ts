import { describe, expect, it } from 'vitest';
import { outboxMessageId } from '../../../src/domain/mail/message-id.ts';

const CREATED = new Date('2026-11-28T08:00:00.123Z');

describe('outboxMessageId', () => {
  it('is the same for the same message, on the sender domain', () => {
    const id = outboxMessageId(42, CREATED, 'CardVault <shop@example.com>');
    expect(id).toMatch(/^<outbox\.42\.[0-9a-z]+@example\.com>$/);
    expect(outboxMessageId(42, new Date(CREATED.getTime()), 'CardVault <shop@example.com>')).toBe(id);
  });

  it('differs for another row, and for the same row id in a database started afresh', () => {
    const id = outboxMessageId(42, CREATED, 'shop@example.com');
    expect(outboxMessageId(43, CREATED, 'shop@example.com')).not.toBe(id);
    expect(outboxMessageId(42, new Date(CREATED.getTime() + 1), 'shop@example.com')).not.toBe(id);
  });

  it('has a domain even when the sender has none', () => {
    expect(outboxMessageId(1, CREATED, 'CardVault <shop>')).toMatch(/@localhost>$/);
  });
});
