import type { DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { PLAYER_MESSAGES } from '../../domain/admin/player-form.ts';
import { type Category, categorySchema, teamSchema } from '../../domain/catalog/category.ts';
import {
  addPlayerTo,
  changeTeam,
  checkNewPlayer,
  deletePlayerFrom,
  type TeamChange,
} from '../../domain/catalog/team-players.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import type { DocumentsPort } from '../../ports/documents.ts';
import { type FirebaseSettings, openFirebaseApp } from '../firebase/app.ts';
import { loadSdk } from '../load-sdk.ts';

/** The spec's collection: categories/{id} with fields name and teams[{name, image, players[]}]. */
export const CATEGORIES = 'categories';

/** A busy document (many admins, several server processes) gets more tries than the SDK's 5. */
const MAX_TRANSACTION_ATTEMPTS = 10;

const storedSchema = z.object({ name: categorySchema.shape.name, teams: z.array(teamSchema) });

export type FirestoreDocuments = DocumentsPort & { close(): Promise<void> };

/**
 * The documents port on Cloud Firestore through firebase-admin (decision 010):
 * - reads take the whole `categories` collection, in id order like the local engine;
 * - a player change is one Firestore transaction over its category document (read, change,
 *   write; retried by the SDK when another writer got there first), so concurrent admins never
 *   undo each other, and within this process changes to one document also wait their turn;
 * - version() is the newest update time of any category (microseconds), watched with a snapshot
 *   listener, so the rebuild service's polling costs no reads and edits made in the Firebase
 *   console start a rebuild too.
 */
export function createFirestoreDocuments(settings: FirebaseSettings): FirestoreDocuments {
  const firebase = openFirebaseApp(settings);
  const { getFirestore } = loadSdk<typeof import('firebase-admin/firestore')>('firebase-admin/firestore');
  const db: Firestore = getFirestore(firebase.app);
  const collection = db.collection(CATEGORIES);

  let latest = 0;
  const bump = (time: Timestamp | undefined) => {
    if (time) latest = Math.max(latest, micros(time));
  };

  // The listener starts on the first version() call; until its first snapshot a plain read answers.
  let watching: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;
  function watch(): Promise<void> {
    watching ??= new Promise<void>((resolve) => {
      unsubscribe = collection.onSnapshot(
        (snapshot) => {
          for (const doc of snapshot.docs) bump(doc.updateTime);
          resolve();
        },
        (error) => {
          // A broken listener is dropped; the next version() reads directly and listens again.
          log.warn('Firestore listener stopped', { collection: CATEGORIES, error });
          unsubscribe = null;
          watching = null;
          resolve();
        },
      );
    });
    return watching;
  }

  // One change at a time per document in this process: the transaction is then only contended by
  // other processes, and twenty adds from one dashboard never exhaust the SDK's retries.
  const queues = new Map<string, Promise<unknown>>();
  function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  }

  async function updateTeam(categoryId: string, teamName: string, change: TeamChange): Promise<Category> {
    if (!validId(categoryId)) throw new AppError('not_found', PLAYER_MESSAGES.categoryNotFound);
    const ref = collection.doc(categoryId);
    return serialised(categoryId, async () => {
      const category = await unavailableOnFailure(() =>
        db.runTransaction(
          async (transaction) => {
            const snapshot = await transaction.get(ref);
            if (!snapshot.exists) throw new AppError('not_found', PLAYER_MESSAGES.categoryNotFound);
            const stored = readCategory(snapshot);
            const teams = changeTeam(stored.teams, teamName, change);
            transaction.update(ref, { teams });
            return { ...stored, teams } satisfies Category;
          },
          { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
        ),
      );
      // The commit time is not returned by a transaction: one read learns it, so version() grows
      // before this call returns (the listener would tell a moment later).
      bump((await ref.get()).updateTime);
      return category;
    });
  }

  return {
    async listCategories() {
      const snapshot = await unavailableOnFailure(() => collection.get());
      const categories: Category[] = [];
      for (const doc of snapshot.docs) {
        bump(doc.updateTime);
        try {
          categories.push(readCategory(doc));
        } catch (error) {
          // One document edited by hand into another shape must not take the whole menu down.
          log.warn('Firestore document skipped: not a category', {
            document: `${CATEGORIES}/${doc.id}`,
            error,
          });
        }
      }
      return categories.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },

    async putCategory(category) {
      const { id, name, teams } = categorySchema.parse(category);
      if (!validId(id)) throw new AppError('invalid', `Μη έγκυρο αναγνωριστικό κατηγορίας: ${id}`);
      const result = await unavailableOnFailure(() => collection.doc(id).set({ name, teams }));
      bump(result.writeTime);
    },

    async version() {
      await watch();
      if (!unsubscribe) {
        // No listener: read the update times directly (a field mask keeps the answer small).
        const snapshot = await unavailableOnFailure(() => collection.select().get());
        for (const doc of snapshot.docs) bump(doc.updateTime);
      }
      return latest;
    },

    async addPlayer(categoryId, teamName, playerName) {
      checkNewPlayer(teamName, playerName);
      return updateTeam(categoryId, teamName, addPlayerTo(playerName));
    },

    async deletePlayer(categoryId, teamName, playerName) {
      return updateTeam(categoryId, teamName, deletePlayerFrom(playerName));
    },

    async close() {
      unsubscribe?.();
      unsubscribe = null;
      await firebase.close();
    },
  };
}

function readCategory(doc: DocumentSnapshot): Category {
  const stored = storedSchema.parse(doc.data());
  return { id: doc.id, name: stored.name, teams: stored.teams };
}

/** Document ids the admin may name: no path separators, not '.' or '..', within Firestore's limits. */
function validId(id: string): boolean {
  return (
    id.length > 0 &&
    id.length <= 100 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id)
  );
}

function micros(time: Timestamp): number {
  return time.seconds * 1_000_000 + Math.floor(time.nanoseconds / 1000);
}

/** Our own refusals pass through; anything the service throws becomes 'unavailable' with its reason. */
async function unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAppError(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('unavailable', `Η βάση κατηγοριών δεν απαντά: ${reason}`);
  }
}
