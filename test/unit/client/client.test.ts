import { describe, expect, test } from "bun:test";
import { type ClientOptions, createClient, readSse, ShortvidError, type Video } from "../../../client/src/index.ts";

/** A stand-in for the service at the HTTP level: each request is recorded and answered by `answer`. */
function fakeService(answer: (request: Request, n: number) => Response | Promise<Response>, options: ClientOptions = {}) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return answer(request, requests.length);
  };
  return { requests, client: createClient({ baseUrl: "http://svc.test", apiKey: "svk_live_test", fetch, pollIntervalMs: 5, ...options }) };
}

const problem = (status: number, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: `http://svc.test/v1/errors#${code}`, title: code, status, detail: `${code} happened`, code }), {
    status,
    headers: { "content-type": "application/problem+json", ...headers },
  });

const video = (status: Video["status"], progress: number | null, stage = status): Video =>
  ({ id: "vid_1", template: "fake_text_message", status, stage, progress, estimatedSecondsRemaining: null }) as Video;

/** An event stream as the service writes it: `id`, `event: video`, `data`, a heartbeat comment between. */
function eventStream(events: { id: number; video: Video }[], chunkSize = 7): Response {
  const text = events.map((e) => `id: ${e.id}\r\nevent: video\r\ndata: ${JSON.stringify(e.video)}\r\n\r\n: ping\n\n`).join("");
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  // Small chunks, so lines and events arrive split.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, (offset += chunkSize)));
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

describe("readSse", () => {
  test("reads ids, event names, multi-line data, comments and CRLF across chunk boundaries", async () => {
    const text = ": hello\r\nid: 4\r\nevent: video\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\ndata: plain\n\nid: 5\nevent: video\ndata:x\n\n";
    const events = [];
    for await (const event of readSse(new Response(text).body!)) events.push(event);
    expect(events).toEqual([
      { id: "4", event: "video", data: '{"a":\n1}' },
      { id: "4", event: "message", data: "plain" },
      { id: "5", event: "video", data: "x" },
    ]);
  });
});

describe("the client", () => {
  test("sends the key, a generated Idempotency-Key on POST, and the same key on its retries after Retry-After", async () => {
    const { client, requests } = fakeService((_, n) => (n === 1 ? problem(503, "RATE_LIMITER_UNAVAILABLE", { "retry-after": "0" }) : Response.json(video("queued", null), { status: 202 })));
    const created = await client.createVideo({ template: "fake_text_message", inputs: {} } as never);
    expect(created.id).toBe("vid_1");
    expect(requests.map((r) => r.headers.get("idempotency-key"))).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), requests[0]!.headers.get("idempotency-key")]);
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer svk_live_test");
    const named = fakeService(() => Response.json(video("queued", null)));
    await named.client.cancelVideo("vid_1", { idempotencyKey: "mine" });
    await named.client.cancelVideo("vid_1", { idempotencyKey: null });
    expect(named.requests.map((r) => r.headers.get("idempotency-key"))).toEqual(["mine", null]);
  });

  test("throws the problem when retries run out, or when Retry-After is longer than it waits", async () => {
    const limited = fakeService(() => problem(429, "RATE_LIMITED", { "retry-after": "0" }));
    const error = await limited.client.listVideos().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShortvidError);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", retryAfterSeconds: 0 });
    expect(limited.requests).toHaveLength(4);
    const busy = fakeService(() => problem(429, "CONCURRENCY_LIMIT", { "retry-after": "30" }), { maxRetryAfterSeconds: 5 });
    expect(await busy.client.getVideo("vid_1").catch((e: ShortvidError) => e.code)).toBe("CONCURRENCY_LIMIT");
    expect(busy.requests).toHaveLength(1);
  });

  test("follows the progress stream, resuming with Last-Event-ID when it drops before the end", async () => {
    const { client, requests } = fakeService((_request, n) => {
      if (n === 1) return eventStream([{ id: 1, video: video("queued", null) }, { id: 2, video: video("narrating", 28) }]);
      return eventStream([{ id: 3, video: video("rendering", 60) }, { id: 4, video: video("completed", 100) }]);
    });
    const seen: string[] = [];
    const done = await client.waitForVideo("vid_1", { onUpdate: (v) => seen.push(`${v.status} ${v.progress}`) });
    expect(done.status).toBe("completed");
    expect(seen).toEqual(["queued null", "narrating 28", "rendering 60", "completed 100"]);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(["/v1/videos/vid_1/events", "/v1/videos/vid_1/events"]);
    expect(requests.map((r) => r.headers.get("last-event-id"))).toEqual([null, "2"]);
    expect(requests[0]!.headers.get("accept")).toBe("text/event-stream");
  });

  test("a stream the service ends with an error event throws its problem, without reconnecting", async () => {
    const { client, requests } = fakeService((_request, n) => {
      // As the service answers a reconnection with the revoked key.
      if (n > 1) return problem(401, "INVALID_API_KEY");
      const revoked = { type: "http://svc.test/v1/errors#INVALID_API_KEY", title: "Invalid API key", status: 401, detail: "The API key was revoked, so the stream ended.", code: "INVALID_API_KEY" };
      return new Response(`id: 1\nevent: video\ndata: ${JSON.stringify(video("queued", null))}\n\nevent: error\ndata: ${JSON.stringify(revoked)}\n\n`, {
        headers: { "content-type": "text/event-stream" },
      });
    });
    const seen: string[] = [];
    const refused = await client.waitForVideo("vid_1", { onUpdate: (v) => seen.push(v.status) }).catch((e: ShortvidError) => e);
    expect(seen).toEqual(["queued"]);
    expect(refused).toBeInstanceOf(ShortvidError);
    expect([(refused as ShortvidError).status, (refused as ShortvidError).code]).toEqual([401, "INVALID_API_KEY"]);
    expect(requests).toHaveLength(1);
  });

  test("polls GET /v1/videos/{id} where the service has no progress stream, yielding only changes", async () => {
    const states = [video("queued", null), video("queued", null), video("rendering", 50), video("rendering", 50), video("completed", 100)];
    let polls = 0;
    const { client, requests } = fakeService((request) => {
      if (request.url.endsWith("/events")) return problem(404, "NOT_FOUND");
      return Response.json(states[Math.min(polls++, states.length - 1)]);
    });
    const seen: string[] = [];
    await client.waitForVideo("vid_1", { onUpdate: (v) => seen.push(v.status) });
    expect(seen).toEqual(["queued", "rendering", "completed"]);
    expect(requests.filter((r) => r.url.endsWith("/events"))).toHaveLength(1);
    // An unknown video is NOT_FOUND, not an endless poll.
    const missing = fakeService(() => problem(404, "NOT_FOUND"));
    expect(await missing.client.waitForVideo("vid_x").catch((e: ShortvidError) => e.code)).toBe("NOT_FOUND");
  });

  test("nextChange answers at the first change, or with the video as it is when the wait ends", async () => {
    const { client } = fakeService(() => eventStream([{ id: 1, video: video("narrating", 28) }, { id: 2, video: video("rendering", 50) }]));
    expect((await client.nextChange("vid_1", 5_000)).status).toBe("rendering");
    const quiet = fakeService(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`id: 1\nevent: video\ndata: ${JSON.stringify(video("queued", null))}\n\n`));
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    });
    const started = Date.now();
    expect((await quiet.client.nextChange("vid_1", 200)).status).toBe("queued");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test("download follows redirects itself and sends no key", async () => {
    const { client, requests } = fakeService((request) =>
      request.url.includes("/v1/d/") ? new Response(null, { status: 302, headers: { location: "/v1/files/abc?sig=1" } }) : new Response("MP4"),
    );
    expect(await (await client.download("http://svc.test/v1/d/token")).text()).toBe("MP4");
    expect(requests.map((r) => [new URL(r.url).pathname, r.headers.get("authorization")])).toEqual([
      ["/v1/d/token", null],
      ["/v1/files/abc", null],
    ]);
  });
});
