import { atom, computed } from 'nanostores';
import type { Category } from '../domain/catalog/category.ts';
import { listCategories } from './admin-api.ts';

/**
 * The category documents (teams and their players) the dashboard's sections share: the product
 * form's team dropdown and title check, and the players section. Read once when the dashboard
 * opens, replaced in place by a player change, read again on "try again".
 */
export type CategoriesState = {
  categories: Category[];
  /** 'loading' until the current read answers. */
  status: 'loading' | 'answered' | 'failed';
  /** The server's message when the read failed. */
  failure: string | null;
  /** No categories arrived within the wait: an empty answer counts as none. */
  missing: boolean;
};

/** If no categories arrive within 3 seconds an error is shown (spec sections 4 and 9). */
export const CATEGORIES_TIMEOUT_MS = 3_000;
const CATEGORIES_MISSING = 'Οι κατηγορίες δεν φορτώθηκαν. Ελέγξτε τη σύνδεση ή τα δεδομένα.';

export const $categories = atom<CategoriesState>({
  categories: [],
  status: 'loading',
  failure: null,
  missing: false,
});

/** The dashboard's message when the categories are not there. */
export const $categoriesError = computed($categories, ({ failure, missing }) => {
  if (failure !== null) return `Αποτυχία φόρτωσης κατηγοριών: ${failure}`;
  return missing ? CATEGORIES_MISSING : '';
});

let reads = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Reads the categories (again); an answer to an older read is ignored. */
export async function loadCategories(): Promise<void> {
  const read = ++reads;
  let arrived = false;
  clearTimeout(timer);
  $categories.set({ ...$categories.get(), status: 'loading', failure: null, missing: false });
  timer = setTimeout(() => {
    if (read === reads && !arrived) $categories.set({ ...$categories.get(), missing: true });
  }, CATEGORIES_TIMEOUT_MS);
  const result = await listCategories();
  if (read !== reads) return;
  if (!result.ok) {
    arrived = true;
    $categories.set({ ...$categories.get(), status: 'failed', failure: result.error.message });
    return;
  }
  const { categories } = result.data;
  arrived = categories.length > 0;
  $categories.set({
    ...$categories.get(),
    status: 'answered',
    ...(arrived ? { categories, missing: false } : {}),
  });
}

/** One category as the server answered a change to it (a player added or deleted). */
export function categoryChanged(changed: Category): void {
  const state = $categories.get();
  $categories.set({
    ...state,
    categories: state.categories.map((category) => (category.id === changed.id ? changed : category)),
  });
}

/** The dashboard went away: no read may answer into it, no timer fire. */
export function stopCategories(): void {
  reads += 1;
  clearTimeout(timer);
}
