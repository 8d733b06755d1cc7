import { afterAll, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { OutboundError, checkUrl, isPublicAddress, outboundRequest } from "../../../src/net/outbound.ts";
import { signatureHeader } from "../../../src/webhooks/signature.ts";

const publicOnly = { allowPrivate: false, schemes: ["https:"] as const };
const unsafe = { allowPrivate: true, schemes: ["https:"] as const };

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    if (error instanceof OutboundError) return error.reason;
    throw error;
  }
  return "ok";
}

describe("public addresses", () => {
  test.each([
    ["127.0.0.1", false], ["10.1.2.3", false], ["172.16.0.9", false], ["192.168.1.1", false], ["169.254.169.254", false],
    ["100.64.0.1", false], ["0.0.0.0", false], ["198.18.0.1", false], ["::1", false], ["fe80::1", false], ["fc00::1", false],
    ["::ffff:127.0.0.1", false], ["::ffff:10.0.0.1", false], ["64:ff9b::7f00:1", false], ["not an address", false],
    ["8.8.8.8", true], ["1.1.1.1", true], ["2606:4700:4700::1111", true], ["::ffff:8.8.8.8", true],
  ])("%s public: %p", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("checking callers' URLs", () => {
  test.each([
    "https://127.0.0.1/hook",
    "https://2130706433/hook",
    "https://0x7f.1/hook",
    "https://0177.0.0.1/hook",
    "https://127.1/hook",
    "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.1.1/",
    "https://localhost/hook",
  ])("%s is refused as a private address", async (url) => {
    expect(await reason(checkUrl(url, publicOnly))).toBe("private_address");
  });

  test("plain http, credentials and nonsense are refused by form", async () => {
    expect(await reason(checkUrl("http://example.com/hook", publicOnly))).toBe("scheme");
    expect(await reason(checkUrl("https://user:pass@example.com/", publicOnly))).toBe("invalid_url");
    expect(await reason(checkUrl("not a url", publicOnly))).toBe("invalid_url");
  });

  test("a name resolving to any private address is refused, even mixed with public ones", async () => {
    const resolve = async () => ["8.8.8.8", "10.0.0.5"];
    expect(await reason(checkUrl("https://mixed.example/", { ...publicOnly, resolve }))).toBe("private_address");
    expect(await reason(checkUrl("https://fine.example/", { ...publicOnly, resolve: async () => ["8.8.4.4"] }))).toBe("ok");
  });

  test("UNSAFE_ALLOW_PRIVATE_URLS lets http and loopback through", async () => {
    expect(await reason(checkUrl("http://127.0.0.1:9/", unsafe))).toBe("ok");
  });
});

describe("guarded requests (loopback servers)", () => {
  let hits = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      hits++;
      const path = new URL(request.url).pathname;
      if (path === "/big") return new Response(new Uint8Array(200_000));
      if (path === "/slow") return new Response(new ReadableStream({ async pull(c) { await Bun.sleep(400); c.enqueue(new Uint8Array(10)); } }));
      if (path === "/to-metadata") return new Response(null, { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data" } });
      if (path === "/to-ok") return new Response(null, { status: 301, headers: { location: "/ok" } });
      if (path === "/loop") return new Response(null, { status: 302, headers: { location: "/loop" } });
      if (path === "/echo") return new Response(`${request.method} ${await request.text()}`);
      return new Response("fine");
    },
  });
  afterAll(() => server.stop(true));
  const base = `http://127.0.0.1:${server.port}`;
  const limits = { timeoutMs: 2000, maxBytes: 100_000, maxRedirects: 3 };

  test("the connection goes to the address that was checked, whatever the name", async () => {
    const policy = { ...unsafe, resolve: async () => ["127.0.0.1"] };
    const res = await outboundRequest(`http://pinned.example:${server.port}/echo`, { ...limits, method: "POST", body: "hello" }, policy);
    expect([res.status, new TextDecoder().decode(res.body)]).toEqual([200, "POST hello"]);
  });

  test("without the unsafe setting a loopback receiver is never contacted", async () => {
    const before = hits;
    expect(await reason(outboundRequest(`${base}/ok`, limits, { allowPrivate: false, schemes: ["https:", "http:"] }))).toBe("private_address");
    expect(hits).toBe(before);
  });

  test("every redirect hop is checked: a redirect to the metadata address is refused before connecting", async () => {
    const onlyLoopback = { allowPrivate: false, schemes: ["http:", "https:"] as const, allowAddress: (a: string) => a === "127.0.0.1" };
    expect(await reason(outboundRequest(`${base}/to-metadata`, limits, onlyLoopback))).toBe("private_address");
    const followed = await outboundRequest(`${base}/to-ok`, limits, onlyLoopback);
    expect([followed.status, followed.url]).toEqual([200, `${base}/ok`]);
    expect(await reason(outboundRequest(`${base}/loop`, limits, onlyLoopback))).toBe("too_many_redirects");
  });

  test("with redirects off a 3xx comes back as it is and is not followed", async () => {
    const before = hits;
    const res = await outboundRequest(`${base}/to-ok`, { ...limits, maxRedirects: 0 }, unsafe);
    expect(res.status).toBe(301);
    expect(hits).toBe(before + 1);
  });

  test("size and time are capped while streaming", async () => {
    expect(await reason(outboundRequest(`${base}/big`, limits, unsafe))).toBe("too_large");
    const started = performance.now();
    expect(await reason(outboundRequest(`${base}/slow`, { ...limits, timeoutMs: 600, maxBytes: 1_000_000 }, unsafe))).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(1500);
  });

  test("a speed floor gives up a source that averages less once its grace has passed, and keeps one that does not", async () => {
    // /slow sends 10 bytes every 400 ms: 25 bytes a second.
    const floor = { bytesPerSecond: 100, graceMs: 500 };
    const started = performance.now();
    const slow = outboundRequest(`${base}/slow`, { ...limits, timeoutMs: 10_000, maxBytes: 1_000_000, speedFloor: floor }, unsafe);
    const error = await slow.catch((e) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect([error.reason, error.message]).toEqual(["too_slow", expect.stringContaining("under the 100 B/s a download must average once 0.5 s have passed")]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(floor.graceMs);
    expect(performance.now() - started).toBeLessThan(floor.graceMs * 4);
    const fast = await outboundRequest(`${base}/big`, { ...limits, maxBytes: 300_000, speedFloor: { bytesPerSecond: 1000, graceMs: 200 } }, unsafe);
    expect(fast.body.byteLength).toBe(200_000);
  });

  test("a body can stream to a sink instead of memory", async () => {
    let received = 0;
    const res = await outboundRequest(`${base}/big`, { ...limits, maxBytes: 300_000, onData: (c) => void (received += c.byteLength) }, unsafe);
    expect([res.body.byteLength, received]).toEqual([0, 200_000]);
  });
});

describe("webhook signatures", () => {
  test("an independent verifier (Stripe's) accepts the signature, and rejects a changed body or a wrong key", async () => {
    const secret = "whsec_" + "ab12".repeat(16);
    const body = JSON.stringify({ id: "evt_1", type: "video.completed", createdAt: new Date().toISOString(), data: { id: "vid_1" } });
    const t = Math.floor(Date.now() / 1000);
    const header = signatureHeader(secret, body, t);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const stripe = new Stripe("sk_test_unused");
    const event = (await stripe.webhooks.constructEventAsync(body, header, secret.slice("whsec_".length))) as unknown as { id: string };
    expect(event.id).toBe("evt_1");
    await expect(stripe.webhooks.constructEventAsync(body.replace("vid_1", "vid_2"), header, secret.slice(6))).rejects.toThrow();
    await expect(stripe.webhooks.constructEventAsync(body, header, "other")).rejects.toThrow();
    const old = signatureHeader(secret, body, t - 600);
    await expect(stripe.webhooks.constructEventAsync(body, old, secret.slice(6), 300)).rejects.toThrow();
  });
});
