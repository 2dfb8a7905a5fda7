import type { APIRoute } from 'astro';
import { adminListAnswer, adminListSchema } from '../../../../server/catalog/admin-list.ts';
import {
  productFormSchema,
  savedMessage,
  saveProduct,
  toAdminProduct,
} from '../../../../server/catalog/admin-products.ts';
import { parseQuery, readJson, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

export const GET: APIRoute = ({ url, locals }) =>
  toResponse(() => adminListAnswer(locals.container, parseQuery(adminListSchema, url.searchParams)));

export const POST: APIRoute = ({ request, locals }) =>
  toResponse(
    async () => {
      const saved = await saveProduct(
        locals.container,
        null,
        await readJson(request, productFormSchema, 64 * 1024),
      );
      return {
        product: toAdminProduct(saved.product),
        warnings: saved.warnings,
        message: savedMessage(true),
      };
    },
    { status: 201 },
  );
