/**
 * What recording a request costs: a route's counter from the Prometheus recorder's requests() (a
 * lookup by status, two additions and a bucket found), the two clock reads around it, and a scrape's serialisation, in-process with no I/O.
 * Series are spread over the API's real route patterns and a few statuses, as a busy server's would be.
 * Run: bun bench/metrics.ts [--calls 2000000]
 */
import { parseArgs } from "node:util";
import { silentLogger } from "../src/kernel/logger.ts";
import { createMetrics } from "../src/metrics/prometheus.ts";
import { allRoutes } from "../src/http/routes/all.ts";
import { TEMPLATES } from "../src/templates/registry.ts";

const { values: options } = parseArgs({ options: { calls: { type: "string", default: "2000000" } } });
const CALLS = Math.max(10_000, Number(options.calls));

const metrics = createMetrics({ videos: async () => [], queues: async () => [] }, silentLogger);
const counters = allRoutes(TEMPLATES).map((r) => metrics.recorder.requests(r.method, r.path));
const statuses = [200, 200, 200, 201, 202, 404, 429];

function perCall(label: string, run: (i: number) => void) {
  for (let i = 0; i < 100_000; i++) run(i); // warm the JIT and create every series
  const started = Bun.nanoseconds();
  for (let i = 0; i < CALLS; i++) run(i);
  const ns = (Bun.nanoseconds() - started) / CALLS;
  console.log(`${label.padEnd(44)} ${ns.toFixed(0).padStart(6)} ns/call`);
}

console.log(`${counters.length} routes x ${statuses.length} statuses, ${CALLS} calls each\n`);
let sink = 0;
perCall("performance.now() twice", () => {
  const t = performance.now();
  sink += performance.now() - t;
});
perCall("a route's counter", (i) => {
  counters[i % counters.length]!(statuses[i % statuses.length]!, 0.0042);
});
perCall("a timed request: clock reads + counter", (i) => {
  const t = performance.now();
  counters[i % counters.length]!(statuses[i % statuses.length]!, (performance.now() - t) / 1000);
});
const scrapes = 200;
const started = Bun.nanoseconds();
let bytes = 0;
for (let i = 0; i < scrapes; i++) bytes = (await metrics.scrape()).length;
console.log(`\na scrape of ${bytes} bytes: ${((Bun.nanoseconds() - started) / scrapes / 1e6).toFixed(2)} ms`);
if (sink < 0) console.log(sink);
