import { timingSafeEqual } from "node:crypto";
import type { Metrics } from "./prometheus.ts";

export interface MetricsListener {
  port: number;
  stop(): Promise<void>;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` on its own port, apart from the API: every process has one (a worker serves no API), an
 * operator keeps the port off the public network, and with a token set a scraper must also send it as
 * a bearer token.
 */
export function serveMetrics(metrics: Metrics, options: { host: string; port: number; token: string }): MetricsListener {
  const server = Bun.serve({
    hostname: options.host,
    port: options.port,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== "/metrics") return new Response("not found\n", { status: 404 });
      if (request.method !== "GET") return new Response("method not allowed\n", { status: 405, headers: { allow: "GET" } });
      if (options.token && !sameToken(request.headers.get("authorization") ?? "", `Bearer ${options.token}`)) {
        return new Response("unauthorized\n", { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"' } });
      }
      return new Response(await metrics.scrape(), { headers: { "content-type": metrics.contentType } });
    },
  });
  return { port: server.port!, stop: () => server.stop(true) };
}
