import type { Selectable } from 'kysely';
import type { ImportJob, ImportResult } from '../../domain/catalog-csv/import-job.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';

type Row = Pick<Selectable<DB['import_jobs']>, 'id' | 'state' | 'total' | 'done' | 'result' | 'error'>;

const toJob = (row: Row): ImportJob => ({
  id: row.id,
  state: row.state,
  total: row.total,
  done: row.done,
  result: row.result === null ? null : (JSON.parse(row.result) as ImportResult),
  error: row.error,
});

/** A job taken to run: what it needs besides its id. */
export type ClaimedImport = { id: string; total: number; file: string; origin: string };

const UNFINISHED = ['queued', 'running'] as const;

/**
 * Catalogue import jobs in the shop's database, SQLite or PostgreSQL (table import_jobs), so that
 * every process sees the same jobs: a worker queues one, one process runs it, any worker reports
 * its progress.
 */
export function createImportJobStore(store: ShopDatabase) {
  const { db } = store;
  const now = () => new Date().toISOString();
  const columns = ['id', 'state', 'total', 'done', 'result', 'error'] as const;

  return {
    get: async (id: string): Promise<ImportJob | null> => {
      const row = await db.selectFrom('import_jobs').select(columns).where('id', '=', id).executeTakeFirst();
      return row ? toJob(row) : null;
    },

    /**
     * Queues a job; null when another one is queued or running. One at a time holds across
     * processes: SQLite runs this transaction alone, and on PostgreSQL a unique index admits one
     * unfinished job (migration 001), so of two racing inserts the second adds nothing.
     */
    queue: (job: ClaimedImport): Promise<ImportJob | null> =>
      store.transaction(async (trx) => {
        const busy = await trx
          .selectFrom('import_jobs')
          .select('id')
          .where('state', 'in', UNFINISHED)
          .limit(1)
          .executeTakeFirst();
        if (busy) return null;
        const at = now();
        const row = await trx
          .insertInto('import_jobs')
          .values({ ...job, state: 'queued', created_at: at, updated_at: at })
          .onConflict((conflict) => conflict.doNothing())
          .returning(columns)
          .executeTakeFirst();
        return row ? toJob(row) : null;
      }),

    /**
     * Takes the oldest queued job to run, or null. The state moves in the same statement that
     * finds the job, so two processes never take the same one; on PostgreSQL a row another is
     * taking at that moment is passed over (SKIP LOCKED) rather than waited for.
     */
    claimNext: async (): Promise<ClaimedImport | null> => {
      const row = await db
        .updateTable('import_jobs')
        .set({ state: 'running', updated_at: now() })
        .where('state', '=', 'queued')
        .where('id', '=', (eb) =>
          eb
            .selectFrom('import_jobs')
            .select('id')
            .where('state', '=', 'queued')
            .orderBy('created_at')
            .limit(1)
            .$if(store.dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
        )
        .returning(['id', 'total', 'file', 'origin'])
        .executeTakeFirst();
      return row?.file ? { id: row.id, total: row.total, file: row.file, origin: row.origin } : null;
    },

    progress: async (id: string, done: number): Promise<void> => {
      await db.updateTable('import_jobs').set({ done, updated_at: now() }).where('id', '=', id).execute();
    },

    succeed: async (id: string, result: ImportResult): Promise<void> => {
      await db
        .updateTable('import_jobs')
        .set((eb) => ({
          state: 'done',
          done: eb.ref('total'),
          result: JSON.stringify(result),
          file: null,
          updated_at: now(),
        }))
        .where('id', '=', id)
        .execute();
    },

    fail: async (id: string, error: string): Promise<void> => {
      await db
        .updateTable('import_jobs')
        .set({ state: 'failed', error, file: null, updated_at: now() })
        .where('id', '=', id)
        .execute();
    },

    /** Marks the jobs a stopped process left unfinished as failed; answers how many. */
    failUnfinished: async (message: string): Promise<number> => {
      const result = await db
        .updateTable('import_jobs')
        .set({ state: 'failed', error: message, file: null, updated_at: now() })
        .where('state', 'in', UNFINISHED)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Forgets finished jobs last touched before `before`. */
    purge: async (before: Date): Promise<void> => {
      await db
        .deleteFrom('import_jobs')
        .where('state', 'in', ['done', 'failed'])
        .where('updated_at', '<', before.toISOString())
        .execute();
    },
  };
}

export type ImportJobStore = ReturnType<typeof createImportJobStore>;
