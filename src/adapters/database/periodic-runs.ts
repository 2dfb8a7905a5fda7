import type { ShopDatabase } from './shop-database.ts';

/**
 * Takes the periodic duty `name` for the period now starting, unless a process of any instance
 * took it less than `periodMs` ago: true for exactly one of the instances whose timers fire in
 * the same period. One statement, so two instances asking at once cannot both have it.
 */
export async function claimPeriodicRun(
  { db }: ShopDatabase,
  name: string,
  periodMs: number,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  const due = new Date(now.getTime() - periodMs).toISOString();
  const claimed = await db
    .insertInto('periodic_runs')
    .values({ name, last_run_at: at })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ last_run_at: at }).where('periodic_runs.last_run_at', '<=', due),
    )
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}
