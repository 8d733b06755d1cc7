import type { Registry } from "prom-client";

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last slot is +Inf. */
  buckets: Float64Array;
}

/**
 * Requests by method, route and status, and their latency histogram, counted on the request path with
 * plain arithmetic: a lookup by status in the route's own map, two additions and a bucket found among 13. prom-client's own Counter
 * and Histogram build a label hash on every call (about 2 µs per request, measured by bench/metrics.ts);
 * here the registry reads the series only when scraped, as metric objects in prom-client's own value
 * shape, so it formats and escapes them as it does its own.
 */
export function registerRequestSeries(registry: Registry): (method: string, route: string) => (status: number, seconds: number) => void {
  const series = new Map<string, Series>();
  const count = {
    name: "shortvid_http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    type: "counter",
    get: async () => ({ name: count.name, help: count.help, type: count.type, aggregator: "sum", values: [...series.values()].map((s) => ({ labels: s.labels, value: s.count })) }),
  };
  const latency = {
    name: "shortvid_http_request_duration_seconds",
    help: "Time from a request's arrival to its response headers, by method, route pattern and status.",
    type: "histogram",
    get: async () => ({
      name: latency.name,
      help: latency.help,
      type: latency.type,
      aggregator: "sum",
      values: [...series.values()].flatMap((s) => {
        let cumulative = 0;
        const buckets = BUCKETS.map((le, i) => {
          cumulative += s.buckets[i]!;
          return { metricName: `${latency.name}_bucket`, labels: { le, ...s.labels }, value: cumulative };
        });
        return [
          ...buckets,
          { metricName: `${latency.name}_bucket`, labels: { le: "+Inf", ...s.labels }, value: s.count },
          { metricName: `${latency.name}_sum`, labels: s.labels, value: s.sum },
          { metricName: `${latency.name}_count`, labels: s.labels, value: s.count },
        ];
      }),
    }),
  };
  // The registry asks a metric only for name and get(); these are not prom-client classes.
  registry.registerMetric(count as never);
  registry.registerMetric(latency as never);
  // A route's series by status are found without building a key: the route is fixed when its counter is made.
  return (method, route) => {
    const byStatus = new Map<number, Series>();
    return (status, seconds) => {
      let s = byStatus.get(status);
      if (!s) {
        const key = `${method} ${route} ${status}`;
        s = series.get(key) ?? { labels: { method, route, status: String(status) }, count: 0, sum: 0, buckets: new Float64Array(BUCKETS.length + 1) };
        series.set(key, s);
        byStatus.set(status, s);
      }
      s.count++;
      s.sum += seconds;
      let i = 0;
      while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
      s.buckets[i]!++;
    };
  };
}
