import type { APIRoute } from 'astro';
import { GRID_FILTERS, type GridKind, isGridKind, toGridCard } from '../../../domain/catalog/grids.ts';
import type { Product } from '../../../domain/catalog/product.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Container } from '../../../server/container.ts';
import { toResponse } from '../../../server/http/http.ts';

export const prerender = false;

/** The storefront page size (spec section 9); a longer grid is read page by page. */
const PAGE_SIZE = 250;

async function gridProducts(container: Container, kind: GridKind): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const result = await container.commerce.searchProducts({
      ...GRID_FILTERS[kind],
      sort: 'newest',
      page,
      pageSize: PAGE_SIZE,
    });
    products.push(...result.products);
    if (page >= result.pageCount) return products;
  }
}

/** Live stock and price for a pre-rendered grid page: GET /api/grids/{mystery-packs|lot|offers}. */
export const GET: APIRoute = ({ params, locals }) =>
  toResponse(async () => {
    const kind = params.kind ?? '';
    if (!isGridKind(kind)) throw new AppError('not_found', 'Η σελίδα δεν βρέθηκε.');
    const products = await gridProducts(locals.container, kind);
    return { cards: products.map((product) => toGridCard(kind, product)) };
  });
