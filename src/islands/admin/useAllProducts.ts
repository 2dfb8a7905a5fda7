import { useState } from 'react';
import { type AllProductsQuery, FIRST_ALL_PRODUCTS_QUERY } from '../../domain/admin/all-products.ts';
import type { BulkAction, BulkAnswer } from '../../domain/admin/bulk-actions.ts';
import {
  type AdminListPage,
  type AdminListProduct,
  bulkProducts,
  getProduct,
  listAllProducts,
} from '../../stores/admin-api.ts';
import { $editing, cancelEdit, editProduct } from '../../stores/admin-products.ts';
import { useProductQuery } from './useProductQuery.ts';

/** The last bulk action's outcome: the server's summary and the products it could not change. */
export type BulkOutcome = { message: string; failed: BulkAnswer['failed']; error: boolean };

/**
 * The list of every product: its query (filtered, searched, sorted and paged on the server), the
 * page shown, the selection on that page and the bulk actions on it. A new query clears the
 * selection, so an action never reaches products the owner no longer sees.
 */
export function useAllProducts() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState<BulkAction['action'] | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  // Every answer clears the selection: it named products of the page before.
  const list = useProductQuery<AllProductsQuery, AdminListPage>(
    FIRST_ALL_PRODUCTS_QUERY,
    listAllProducts,
    () => setSelected(new Set()),
  );
  const { shown, setError } = list;

  const products = shown?.products ?? [];

  function toggle(id: string) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  }

  /** Selects every product of the page, or none when all of them are selected already. */
  function toggleAll() {
    const all = products.length > 0 && products.every((product) => selected.has(product.id));
    setSelected(all ? new Set() : new Set(products.map((product) => product.id)));
  }

  const clearSelection = () => setSelected(new Set());

  /** Runs an action on the selection, then reads the page again (the selection goes with it). */
  async function run(action: BulkAction) {
    const ids = products.filter((product) => selected.has(product.id)).map((product) => product.id);
    if (ids.length === 0) return;
    setRunning(action.action);
    setOutcome(null);
    const result = await bulkProducts({ ...action, ids });
    setRunning(null);
    if (!result.ok) {
      setOutcome({ message: `Η μαζική ενέργεια απέτυχε: ${result.error.message}`, failed: [], error: true });
      return;
    }
    setOutcome({ message: result.data.message, failed: result.data.failed, error: false });
    // The form lets go of a product the action changed: its fields would save the old values.
    const open = $editing.get();
    if (open && ids.includes(open.id)) cancelEdit();
    await list.reload();
  }

  /** Opens a product in the form as the server has it now: the list's copy may be older. */
  async function edit(product: AdminListProduct) {
    setError('');
    const result = await getProduct(product.id);
    if (result.ok) editProduct(result.data.product);
    else setError(`Σφάλμα επεξεργασίας προϊόντος: ${result.error.message}`);
  }

  return {
    ...list,
    products,
    selected,
    toggle,
    toggleAll,
    clearSelection,
    running,
    outcome,
    run,
    edit,
  };
}
export type AllProductsState = ReturnType<typeof useAllProducts>;
