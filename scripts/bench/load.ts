import autocannon from 'autocannon';

export type HttpRow = {
  load: string;
  urls: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  errors: number;
};

export type LoadOptions = {
  label: string;
  base: string;
  /** Paths to request in turn; one path is a plain single-URL load. */
  paths: readonly string[];
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  /** A body per request, by its running index (orders need a fresh idempotency key each). */
  body?: (index: number) => { body: string; headers?: Record<string, string> };
};

/**
 * What every browser sends, and so the bench too: a request without it takes a path no shopper
 * takes (the shop caches pages gzipped, and unzips them for such a client; decision 098).
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** Runs one autocannon load over a list of paths and reports it as a table row. */
export async function runLoad(options: LoadOptions): Promise<HttpRow> {
  let next = 0;
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    ...(options.duration !== undefined ? { duration: options.duration } : {}),
    ...(options.amount !== undefined ? { amount: options.amount } : {}),
    requests: [
      {
        method: options.method ?? 'GET',
        setupRequest: (request) => {
          const index = next++;
          const extra = options.body?.(index);
          return {
            ...request,
            path: options.paths[index % options.paths.length] ?? '/',
            headers: { ...BROWSER_HEADERS, ...options.headers, ...extra?.headers },
            ...(extra ? { body: extra.body } : {}),
          };
        },
      },
    ],
  });
  // A load that got no answer at all has no latency to report: NaN, which no target passes.
  const answered = (result.requests.total ?? 0) > 0;
  const row: HttpRow = {
    load: options.label,
    urls: options.paths.length,
    'req/s': Math.round(result.requests.average),
    'p50 ms': answered ? result.latency.p50 : Number.NaN,
    'p99 ms': answered ? result.latency.p99 : Number.NaN,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
  console.info(
    `  ${options.label}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, non-2xx ${row['non-2xx']}, errors ${row.errors}`,
  );
  return row;
}
