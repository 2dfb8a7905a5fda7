import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Container, createContainer } from '../../../src/server/container.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

let shop: TempShop;
const others: Container[] = [];

/** Another connection to the same data folder, as a second server process has. */
function secondProcess(): Container {
  const container = createContainer(parseEnv({ DATA_DIR: shop.dir }));
  others.push(container);
  return container;
}

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  for (const container of others.splice(0)) container.close();
  shop.remove();
});

describe('sign-in throttling across processes', () => {
  it('holds an account and address after 5 failures spread over two processes, and the hold survives a restart', async () => {
    const { upsertAdmin } = await import('../../../src/adapters/auth-local/accounts.ts');
    await upsertAdmin(shop.container.engine, 'owner@example.gr', 'correct horse battery');
    const second = secondProcess();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const port = attempt % 2 ? shop.container.auth : second.auth;
      await expect(
        port.signIn({ email: 'owner@example.gr', password: 'wrong password' }, '198.51.100.1'),
      ).rejects.toMatchObject({ kind: 'unauthorized' });
    }
    second.close();
    others.splice(others.indexOf(second), 1);
    const restarted = secondProcess();
    await expect(
      restarted.auth.signIn({ email: 'owner@example.gr', password: 'correct horse battery' }, '198.51.100.1'),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
    // Another address is not held: knowing the email does not lock the owner out (decision 077).
    await expect(
      restarted.auth.signIn({ email: 'owner@example.gr', password: 'correct horse battery' }, '198.51.100.2'),
    ).resolves.toHaveProperty('token');
  });
});
