import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  batchedSink,
  captureLogs,
  log,
  logPath,
  maskAddress,
  redact,
  withRequestId,
} from '../../src/lib/log.ts';

function captured(run: () => void): Array<Record<string, unknown>> {
  const lines: string[] = [];
  const restore = captureLogs((_level, line) => lines.push(line));
  try {
    run();
  } finally {
    restore();
  }
  return lines.map((line) => JSON.parse(line));
}

describe('log', () => {
  it('writes one JSON object per line with time, level, message and the request id', () => {
    const [line] = captured(() => withRequestId('req-12345678', () => log.info('request', { status: 200 })));
    expect(line).toMatchObject({ level: 'info', msg: 'request', requestId: 'req-12345678', status: 200 });
    expect(Number.isNaN(Date.parse(String(line?.time)))).toBe(false);
  });

  it('drops fields that name secrets and masks customer data in every string', () => {
    const [line] = captured(() =>
      log.error('order failed for maria@example.gr', {
        password: 'hunter2hunter2',
        sessionToken: 'abc',
        cookie: 'shop_admin_session=x',
        detail: 'token aGVsbG8td29ybGQtdGhpcy1pcy1hLXRva2Vu and phone 69 1234 5678 card 4111 1111 1111 1111',
        error: new Error('Duplicate giorgos@example.gr'),
      }),
    );
    const text = JSON.stringify(line);
    for (const secret of [
      'hunter2',
      'abc"',
      'shop_admin_session',
      'maria@',
      'giorgos@',
      'aGVsbG8',
      '5678',
      '4111',
    ])
      expect(text).not.toContain(secret);
    expect(line).toMatchObject({
      msg: 'order failed for ***@example.gr',
      detail: 'token [redacted] and phone [number] card [number]',
      error: { name: 'Error', message: 'Duplicate ***@example.gr' },
    });
  });

  it('keeps dates and order numbers readable', () => {
    expect(redact('CV-100042 on 2026-11-23')).toBe('CV-100042 on 2026-11-23');
  });

  it('keeps addresses only to the network and paths without queries or order secrets', () => {
    expect(maskAddress('203.0.113.77')).toBe('203.0.113.0');
    expect(maskAddress('::ffff:203.0.113.77')).toBe('203.0.113.0');
    expect(maskAddress('2001:db8:aa:bb::1')).toBe('2001:db8:aa::');
    expect(logPath('/order/AbCdEfGhIjKlMnOpQrStUvWxYz012345?x=1')).toBe('/order/:token');
    expect(logPath('/api/search?q=maria@example.gr')).toBe('/api/search');
  });
});

describe('the default sink', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function writes(): Array<[string, string]> {
    const order: Array<[string, string]> = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => order.push(['stdout', String(text)]) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => order.push(['stderr', String(text)]) > 0);
    return order;
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('writes the info lines of one turn of the event loop together, once the turn ends', async () => {
    const order = writes();
    const sink = batchedSink();
    sink('info', 'a');
    sink('info', 'b');
    expect(order).toEqual([]);
    await nextTurn();
    sink('info', 'c');
    await nextTurn();
    expect(order).toEqual([
      ['stdout', 'a\nb\n'],
      ['stdout', 'c\n'],
    ]);
  });

  it('writes warnings and errors at once, after the info lines written before them', async () => {
    const order = writes();
    const sink = batchedSink();
    sink('info', 'served');
    sink('error', 'failed');
    sink('warn', 'slow');
    expect(order).toEqual([
      ['stdout', 'served\n'],
      ['stderr', 'failed\n'],
      ['stderr', 'slow\n'],
    ]);
    await nextTurn();
    expect(order).toHaveLength(3);
  });
});
