import type { APIRoute } from 'astro';
import { PRODUCT_FORM_MESSAGES } from '../../../../domain/admin/product-form.ts';
import { decodeParam } from '../../../../domain/catalog/product-id.ts';
import { AppError } from '../../../../domain/errors.ts';
import {
  productFormSchema,
  savedMessage,
  saveProduct,
  toAdminProduct,
} from '../../../../server/catalog/admin-products.ts';
import { readJson, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

/** One product as the form edits it, read fresh when the edit starts (the list may be older). */
export const GET: APIRoute = ({ params, locals }) =>
  toResponse(async () => {
    const product = await locals.container.commerce.getProduct(decodeParam(params.id));
    if (!product) throw new AppError('not_found', 'Το προϊόν δεν βρέθηκε.');
    return { product: toAdminProduct(product) };
  });

export const PUT: APIRoute = ({ params, request, locals }) =>
  toResponse(async () => {
    const id = decodeParam(params.id);
    const saved = await saveProduct(
      locals.container,
      id,
      await readJson(request, productFormSchema, 64 * 1024),
    );
    return { product: toAdminProduct(saved.product), warnings: saved.warnings, message: savedMessage(false) };
  });

export const DELETE: APIRoute = ({ params, locals }) =>
  toResponse(async () => {
    await locals.container.commerce.deleteProduct(decodeParam(params.id));
    return { message: PRODUCT_FORM_MESSAGES.deleted };
  });
