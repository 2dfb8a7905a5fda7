import type { Container } from '../container.ts';

export type Health = {
  ok: boolean;
  /** The instance that answered (INSTANCE_ID), for a load balancer's checks; null when unnamed. */
  instance: string | null;
  database: { ok: boolean; catalogVersion: number | null };
  outbox: { pending: number; failed: number; oldestPendingAt: string | null } | null;
  /** This instance's storefront: `current` when its last build has every change in it. */
  build: { state: string; current: boolean; buildId: number | null; lastSuccessAt: string | null } | null;
};

/**
 * What a monitor (and the e2e runner, which polls it until the shop is up) needs to know, from a
 * few indexed reads: the database answers, mail is not piling up, the storefront build is current.
 * Nothing private: no paths, no error texts, no addresses.
 */
export async function shopHealth(container: Container): Promise<Health> {
  const instance = container.env.INSTANCE_ID || null;
  let catalogVersion: number;
  let outbox: Health['outbox'];
  let build: Awaited<ReturnType<Container['builds']['state']>>;
  try {
    // The catalogue, then the shop's own database (the outbox and builds live there in every mode).
    catalogVersion = await container.commerce.version();
    [outbox, build] = await Promise.all([container.mail.backlog(), container.builds.state()]);
  } catch {
    return { ok: false, instance, database: { ok: false, catalogVersion: null }, outbox: null, build: null };
  }
  return {
    ok: true,
    instance,
    database: { ok: true, catalogVersion },
    outbox,
    build: {
      state: build.state,
      current: build.state === 'up_to_date',
      buildId: build.current?.id ?? null,
      lastSuccessAt: build.lastSuccessAt,
    },
  };
}
