import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactPort } from '../../src/ports/contact.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

let shop: TempShop;
let contact: ContactPort;

beforeEach(() => {
  shop = openTempShop();
  contact = shop.container.contact;
});

afterEach(() => {
  shop.remove();
});

const message = (index: number) => ({
  name: `Αποστολέας ${index}`,
  email: `sender${index}@example.gr`,
  message: `Μήνυμα ${index}`,
  ip: '203.0.113.9',
});

describe('contact-local', () => {
  it('stores a message as given and lists it unread', async () => {
    const saved = await contact.save(message(1));
    expect(saved).toMatchObject({ ...message(1), readAt: null });
    expect(saved.id).toBeGreaterThan(0);
    expect(Date.parse(saved.createdAt)).not.toBeNaN();
    expect(await contact.list({ page: 1, pageSize: 20 })).toEqual({
      messages: [saved],
      total: 1,
      unread: 1,
      page: 1,
      pageSize: 20,
    });
  });

  it('keeps markup as inert text', async () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const saved = await contact.save({ ...message(1), name: '<b>bold</b>', message: payload });
    const [listed] = (await contact.list({ page: 1, pageSize: 5 })).messages;
    expect(listed?.message).toBe(payload);
    expect(listed?.name).toBe('<b>bold</b>');
    expect(listed?.id).toBe(saved.id);
  });

  it('pages newest first and clamps the page', async () => {
    for (let index = 1; index <= 25; index += 1) await contact.save(message(index));
    const first = await contact.list({ page: 1, pageSize: 10 });
    expect(first.messages.map((entry) => entry.name)).toEqual(
      Array.from({ length: 10 }, (_, offset) => `Αποστολέας ${25 - offset}`),
    );
    const third = await contact.list({ page: 3, pageSize: 10 });
    expect(third.messages.map((entry) => entry.name)).toEqual(
      Array.from({ length: 5 }, (_, offset) => `Αποστολέας ${5 - offset}`),
    );
    expect((await contact.list({ page: 99, pageSize: 10 })).page).toBe(3);
    expect((await contact.list({ page: 0, pageSize: 10_000 })).pageSize).toBe(100);
    expect(first.total).toBe(25);
  });

  it('marks read and unread, keeping the first reading time', async () => {
    const saved = await contact.save(message(1));
    const read = await contact.setRead(saved.id, true);
    expect(read.readAt).not.toBeNull();
    expect((await contact.setRead(saved.id, true)).readAt).toBe(read.readAt);
    expect((await contact.list({ page: 1, pageSize: 5 })).unread).toBe(0);
    expect((await contact.setRead(saved.id, false)).readAt).toBeNull();
    expect((await contact.list({ page: 1, pageSize: 5 })).unread).toBe(1);
  });

  it('refuses an unknown id', async () => {
    await expect(contact.setRead(12345, true)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(contact.setRead(Number.NaN, true)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
