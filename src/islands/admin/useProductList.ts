import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, type ProductListQuery } from '../../domain/admin/lists.ts';
import { PRODUCT_FORM_MESSAGES } from '../../domain/admin/product-form.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import {
  type AdminProduct,
  type AdminProductPage,
  deleteProduct,
  getProduct,
  listProducts,
} from '../../stores/admin-api.ts';
import { editProduct, productDeleted } from '../../stores/admin-products.ts';
import { useProductQuery } from './useProductQuery.ts';

/**
 * The list by sport's state: the query (searched, sorted and paged on the server, useProductQuery),
 * the page shown, and deletes.
 */
export function useProductList(sport: Sport) {
  const list = useProductQuery<ProductListQuery, AdminProductPage>(
    { sport, search: '', sort: 'newest', page: 1, pageSize: DEFAULT_PAGE_SIZE },
    listProducts,
  );
  const { setError } = list;
  const [deleting, setDeleting] = useState<string | null>(null);

  async function remove(product: AdminProduct) {
    if (!window.confirm(PRODUCT_FORM_MESSAGES.confirmDelete)) return;
    setDeleting(product.id);
    setError('');
    const result = await deleteProduct(product.id);
    setDeleting(null);
    if (!result.ok) {
      setError(`Σφάλμα διαγραφής προϊόντος: ${result.error.message}`);
      return;
    }
    productDeleted(result.data.message, product);
    void list.reload();
  }

  /** Opens a product in the form as the server has it now: the list's copy may be older. */
  async function edit(product: AdminProduct) {
    setError('');
    const result = await getProduct(product.id);
    if (result.ok) editProduct(result.data.product);
    else setError(`Σφάλμα επεξεργασίας προϊόντος: ${result.error.message}`);
  }

  return { ...list, deleting, remove, edit };
}
