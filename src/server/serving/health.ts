import type { Container } from '../container.ts';

export type Health = {
  ok: boolean;
  database: { ok: boolean; catalogVersion: number | null };
  outbox: { pending: number; failed: number; oldestPendingAt: string | null } | null;
  build: { state: string; buildId: number | null; lastSuccessAt: string | null } | null;
};

/**
 * What a monitor (and the e2e runner, which polls it until the shop is up) needs to know, from a
 * few indexed reads: the database answers, mail is not piling up, the storefront build is current.
 * Nothing private: no paths, no error texts, no addresses.
 */
export async function shopHealth(container: Container): Promise<Health> {
  let catalogVersion: number;
  let outbox: Health['outbox'];
  let build: Awaited<ReturnType<Container['builds']['state']>>;
  try {
    // The catalogue, then the shop's own database (the outbox and builds live there in every mode).
    catalogVersion = await container.commerce.version();
    [outbox, build] = await Promise.all([container.mail.backlog(), container.builds.state()]);
  } catch {
    return { ok: false, database: { ok: false, catalogVersion: null }, outbox: null, build: null };
  }
  return {
    ok: true,
    database: { ok: true, catalogVersion },
    outbox,
    build: {
      state: build.state,
      buildId: build.current?.id ?? null,
      lastSuccessAt: build.lastSuccessAt,
    },
  };
}
