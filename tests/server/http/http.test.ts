import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartLineInputSchema } from '../../../src/domain/cart/cart.ts';
import { isAppError } from '../../../src/domain/errors.ts';
import { errorResponse, parseQuery, readBody, readJson, TOO_LARGE } from '../../../src/server/http/http.ts';

const GREEK = /[\u0370-\u03ff]/;
const ENGLISH_DEFAULTS = /Too small|Too big|expected|Invalid|Required/;

const post = (body: string) =>
  new Request('http://shop.test/api', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, message: error.message, fields: { ...error.fields } };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('readJson', () => {
  it('answers a cart line with quantity 0 in Greek, not zod English', async () => {
    const error = await refusal(() =>
      readJson(
        post(JSON.stringify({ merchandiseId: 'gid://shop/ProductVariant/1', quantity: 0 })),
        cartLineInputSchema,
      ),
    );
    expect(error).toEqual({
      kind: 'invalid',
      message: 'Μη έγκυρα δεδομένα.',
      fields: { quantity: 'Η τιμή πρέπει να είναι τουλάχιστον 1.' },
    });
  });

  it.each([
    ['broken JSON', '{"quantity":'],
    ['a string for a number', '{"merchandiseId":"x","quantity":"1"}'],
    ['a huge number', '{"merchandiseId":"x","quantity":1e400}'],
    ['null', 'null'],
    ['a list', '[1,2,3]'],
    ['a missing field', '{"quantity":1}'],
  ])('refuses %s with Greek messages only', async (_name, body) => {
    const error = await refusal(() => readJson(post(body), cartLineInputSchema));
    expect(error.kind).toBe('invalid');
    for (const text of [error.message, ...Object.values(error.fields)]) {
      expect(text).toMatch(GREEK);
      expect(text).not.toMatch(ENGLISH_DEFAULTS);
    }
  });

  it('refuses a body over the limit before parsing it', async () => {
    const error = await refusal(() =>
      readJson(post(JSON.stringify({ a: 'x'.repeat(5000) })), z.object({}), 1024),
    );
    expect(error.message).toBe('Το αίτημα είναι πολύ μεγάλο.');
  });
});

describe('readBody', () => {
  /** A body sent in chunks with no Content-Length, counting how many chunks were pulled. */
  function chunked(chunks: number, size: number) {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled += 1;
        controller.enqueue(new Uint8Array(size).fill(120));
      },
    });
    const request = new Request('http://shop.test/api', {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    return { request, pulled: () => pulled };
  }

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    const { request, pulled } = chunked(1_000, 1024);
    await expect(readBody(request, 4 * 1024)).rejects.toMatchObject({ kind: 'invalid', message: TOO_LARGE });
    expect(pulled()).toBeLessThan(10);
  });

  it('reads a chunked body within the limit whole', async () => {
    const { request } = chunked(3, 1024);
    expect((await readBody(request, 4 * 1024)).byteLength).toBe(3 * 1024);
  });
});

describe('parseQuery', () => {
  it('answers a bad query value as invalid input in Greek', async () => {
    const error = await refusal(() =>
      parseQuery(
        z.object({ sport: z.enum(['NBA', 'NFL']).optional() }),
        new URLSearchParams('sport=../../etc'),
      ),
    );
    expect(error).toEqual({
      kind: 'invalid',
      message: 'Μη έγκυρα δεδομένα.',
      fields: { sport: 'Μη έγκυρη επιλογή.' },
    });
  });
});

describe('errorResponse', () => {
  it('answers a thrown ZodError as 400 with the general Greek message, never 500', async () => {
    const thrown = z.object({ a: z.number() }).safeParse({ a: 'x' });
    const response = errorResponse(thrown.success ? null : thrown.error);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { kind: 'invalid', message: 'Μη έγκυρα δεδομένα.', fields: {} },
    });
  });
});
