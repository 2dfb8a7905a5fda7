/** The part of autocannon 9's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = {
    total?: number;
    average: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };

  export type RawRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Array<RawRequest & { setupRequest?: (request: RawRequest) => RawRequest }>;
  };

  export default function autocannon(options: Options): Promise<Result>;
}
