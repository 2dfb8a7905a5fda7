import type { APIRoute } from 'astro';
import { z } from 'zod';
import { SPORTS } from '../../../../domain/catalog/sports.ts';
import { exportCatalog } from '../../../../server/catalog-csv/catalog-import.ts';
import { parseQuery, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

const exportSchema = z.object({ sport: z.enum(SPORTS).optional() });

/** The catalogue (or one sport) as Shopify's product CSV with the card-fact metafield columns. */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const { sport } = parseQuery(exportSchema, url.searchParams);
    const csv = await exportCatalog(locals.container, sport, url.origin);
    const day = new Date().toISOString().slice(0, 10);
    const name = `catalogue${sport ? `-${sport.toLowerCase()}` : ''}-${day}.csv`;
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  });
