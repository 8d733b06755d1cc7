import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { mediaImports } from "../../db/schema/index.ts";
import { serveMetrics } from "../../src/metrics/serve.ts";
import { QUEUES } from "../../src/queue/job-queue.ts";
import { createRegistry, TEMPLATES } from "../../src/templates/registry.ts";
import { DELIVERY_TIMEOUT_MS } from "../../src/webhooks/deliver.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";
import { type MediaServer, startMediaServer } from "../fakes/media-server.ts";
import { posterCard } from "../fixtures/templates/poster-card/index.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type TestService, useService } from "../helpers/harness.ts";
import { storyBody, waitForVideo } from "../helpers/videos.ts";

type Family = ReturnType<typeof parsePrometheusTextFormat>[number];
type Sample = Family["metrics"][number];

const TOKEN = "metrics-test-token";

/** GET /metrics through the endpoint the server runs, parsed by an independent text-format parser. */
async function scrape(svc: TestService): Promise<Scrape> {
  const listener = serveMetrics(svc.metrics, { host: "127.0.0.1", port: 0, token: TOKEN });
  try {
    const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await res.text();
    return { text, families: new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f])) };
  } finally {
    await listener.stop();
  }
}

interface Scrape {
  text: string;
  families: Map<string, Family>;
}

function sample({ families }: Scrape, name: string, labels: Record<string, string>): Sample | undefined {
  return families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
}

/**
 * One series of a histogram. The parser reads unlabelled histograms only (it folds a family's series
 * together and keeps _sum and _count only without labels), so it is given that series' lines with the
 * series' own labels taken off.
 */
function histogram({ text }: Scrape, name: string, labels: Record<string, string>): Sample {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const lines = text
    .split("\n")
    .filter((l) => l.startsWith(`${name}_`) && pairs.every((p) => l.includes(p)))
    .map((l) => pairs.reduce((line, p) => line.replace(p, ""), l).replace(/,+/g, ",").replace(/\{,/, "{").replace(/,\}/, "}").replace("{}", ""));
  const [family] = parsePrometheusTextFormat(`# TYPE ${name} histogram\n${lines.join("\n")}\n`);
  expect(family?.type).toBe("HISTOGRAM");
  return family!.metrics[0]!;
}

let media: MediaServer;
beforeAll(async () => {
  media = await startMediaServer();
}, 60_000);
afterAll(() => media.stop());

describe.each(DATABASE_KINDS)("GET /metrics on %s", (kind) => {
  describe("with workers", () => {
    const svc = useService(kind, { UNSAFE_ALLOW_PRIVATE_URLS: "1" }, { workers: true, outboundCa: () => media.ca, templates: createRegistry([...TEMPLATES.list, posterCard]) });

    test("counts requests by route pattern and status, a render's stages and speed, its webhook, imported bytes, videos and queues", async () => {
      const receiver = startWebhookReceiver();
      try {
        const { apiKey } = await svc().createAccount();
        expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
        expect((await svc().request("/v1/videos/vid_doesnotexist", { key: apiKey })).status).toBe(404);
        expect((await svc().request("/nowhere/at/all")).status).toBe(404);
        expect((await svc().request("/v1/images", { method: "POST", key: apiKey, json: { url: media.url("/photo.png") } })).status).toBe(201);
        const created = (await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: { template: "poster_card", inputs: posterCard.examples.full, webhookUrl: receiver.url() } })).json()) as any;
        const video = await waitForVideo(svc(), apiKey, created.id, (v) => ["completed", "failed"].includes(v.status));
        expect(video.status).toBe("completed");

        // The delivery is counted once its attempt is recorded, right after the receiver answers.
        let scraped = await scrape(svc());
        const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
        while (!sample(scraped, "shortvid_webhook_deliveries_total", { outcome: "delivered" }) && Date.now() < deadline) {
          await Bun.sleep(100);
          scraped = await scrape(svc());
        }

        expect(sample(scraped, "shortvid_http_requests_total", { method: "GET", route: "/v1/me", status: "200" })?.value).toBe("1");
        expect(sample(scraped, "shortvid_http_requests_total", { method: "GET", route: "/v1/videos/{id}", status: "404" })?.value).toBe("1");
        expect(Number(sample(scraped, "shortvid_http_requests_total", { method: "GET", route: "/v1/videos/{id}", status: "200" })?.value)).toBeGreaterThanOrEqual(1);
        expect(sample(scraped, "shortvid_http_requests_total", { method: "GET", route: "unmatched", status: "404" })?.value).toBe("1");
        expect(sample(scraped, "shortvid_http_requests_total", { method: "POST", route: "/v1/videos", status: "202" })?.value).toBe("1");
        // Route patterns only: no raw path (an id) ever becomes a label.
        const routes = scraped.families.get("shortvid_http_requests_total")!.metrics.map((m) => m.labels!.route!);
        expect(routes.filter((r) => /vid_|nowhere/.test(r))).toEqual([]);

        const me = histogram(scraped, "shortvid_http_request_duration_seconds", { method: "GET", route: "/v1/me", status: "200" });
        expect(me.count).toBe("1");
        expect(Number(me.sum)).toBeGreaterThan(0);
        expect(me.buckets!["+Inf"]).toBe("1");

        expect(histogram(scraped, "shortvid_stage_duration_seconds", { template: "poster_card", stage: "preparing_media" }).count).toBe("1");
        const rendering = histogram(scraped, "shortvid_stage_duration_seconds", { template: "poster_card", stage: "rendering" });
        expect(rendering.count).toBe("1");
        const speed = histogram(scraped, "shortvid_render_speed_ratio", { template: "poster_card" });
        expect(speed.count).toBe("1");
        expect(Number(speed.sum)).toBeGreaterThan(0);
        expect(Number(sample(scraped, "shortvid_rendered_video_seconds_total", { template: "poster_card" })?.value)).toBe(3);
        const wall = Number(sample(scraped, "shortvid_render_wall_seconds_total", { template: "poster_card" })?.value);
        expect(wall).toBeGreaterThan(0);
        // The render alone is never longer than the stage that waited for it and stored its file.
        expect(wall).toBeLessThanOrEqual(Number(rendering.sum));
        expect(Number(speed.sum)).toBeCloseTo(3 / wall, 6);

        expect(sample(scraped, "shortvid_webhook_deliveries_total", { outcome: "delivered" })?.value).toBe("1");
        const [imported] = await svc().database.db.select().from(mediaImports);
        expect(Number(sample(scraped, "shortvid_import_bytes_total", { kind: "image" })?.value)).toBe(imported!.bytes!);
        expect(sample(scraped, "shortvid_videos", { template: "poster_card", status: "completed" })?.value).toBe("1");
        for (const queue of Object.values(QUEUES)) {
          for (const state of ["ready", "deferred", "active"]) expect(sample(scraped, "shortvid_queue_jobs", { queue, state })).toBeDefined();
          expect(sample(scraped, "shortvid_queue_oldest_ready_seconds", { queue })).toBeDefined();
        }
        expect(scraped.families.get("shortvid_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
        expect(scraped.families.has("process_cpu_user_seconds_total")).toBe(true);
      } finally {
        receiver.stop();
      }
    }, 180_000);
  });

  describe("without workers", () => {
    const svc = useService(kind);

    test("a queued video shows as a ready job whose age grows; the endpoint wants its token", async () => {
      const { apiKey } = await svc().createAccount();
      expect((await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() })).status).toBe(202);
      await Bun.sleep(1100);
      const scraped = await scrape(svc());
      expect(sample(scraped, "shortvid_queue_jobs", { queue: QUEUES.pipeline, state: "ready" })?.value).toBe("1");
      expect(sample(scraped, "shortvid_queue_jobs", { queue: QUEUES.pipeline, state: "active" })?.value).toBe("0");
      expect(Number(sample(scraped, "shortvid_queue_oldest_ready_seconds", { queue: QUEUES.pipeline })?.value)).toBeGreaterThanOrEqual(1);
      expect(sample(scraped, "shortvid_queue_oldest_ready_seconds", { queue: QUEUES.webhooks })?.value).toBe("0");
      expect(sample(scraped, "shortvid_videos", { template: "reddit_story", status: "queued" })?.value).toBe("1");

      const listener = serveMetrics(svc().metrics, { host: "127.0.0.1", port: 0, token: TOKEN });
      try {
        const url = `http://127.0.0.1:${listener.port}`;
        expect((await fetch(`${url}/metrics`)).status).toBe(401);
        expect((await fetch(`${url}/metrics`, { headers: { authorization: "Bearer not-the-token" } })).status).toBe(401);
        expect((await fetch(`${url}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
        expect((await fetch(`${url}/metrics`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
      } finally {
        await listener.stop();
      }
    }, 60_000);
  });
});
