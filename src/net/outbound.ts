import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import ipaddr from "ipaddr.js";

/**
 * Every server-side request to a caller's URL (webhooks, own media, articles) goes through here: the
 * host must resolve only to public addresses, the connection is pinned to the address that was checked
 * (so DNS cannot change between check and connect), every redirect hop is checked the same way, and
 * size and time are capped. Bun's fetch ignores custom dispatchers, so this uses node:http(s) with a
 * `lookup` of its own.
 */
export type OutboundFailure = "invalid_url" | "scheme" | "private_address" | "dns" | "timeout" | "too_slow" | "too_large" | "network" | "too_many_redirects";

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface OutboundPolicy {
  /** UNSAFE_ALLOW_PRIVATE_URLS: loopback, private ranges and plain http allowed (tests, local demos). */
  allowPrivate: boolean;
  /** Schemes a caller's URL may use when private URLs are not allowed. */
  schemes: readonly ("https:" | "http:")[];
  /** Decides whether an address may be contacted; defaults to public unicast only. */
  allowAddress?(address: string): boolean;
  /** Resolves a host name to its addresses (injectable for tests). */
  resolve?(hostname: string): Promise<string[]>;
  /** Certificates trusted instead of the system's (a private CA; tests' self-signed servers). */
  ca?: string;
}

/** Callers' URLs (webhooks, own media): https on public addresses only, unless UNSAFE_ALLOW_PRIVATE_URLS. */
export function callerUrlPolicy(config: { allowPrivateUrls: boolean; outboundCa?: string }): OutboundPolicy {
  return { allowPrivate: config.allowPrivateUrls, schemes: ["https:"], ca: config.outboundCa };
}

/**
 * Special-purpose ranges (IANA's IPv4 and IPv6 special-purpose registries), refused whatever ipaddr.js
 * names them: its `range()` does not know every entry (IPv4-compatible `::/96` reads as unicast, so
 * `[::7f00:1]` would reach loopback on a host that routes it).
 */
const IPV4_SPECIAL = [
  "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24",
  "192.31.196.0/24", "192.52.193.0/24", "192.88.99.0/24", "192.168.0.0/16", "192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24",
  "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
].map((cidr) => ipaddr.parseCIDR(cidr));

/**
 * Inside 2000::/3 (the only global unicast space allocated), these are special: IETF protocol
 * assignments (Teredo, benchmarking, ORCHID), documentation, 6to4, and SRv6 SIDs. Everything outside
 * 2000::/3 (::/96, ::1, 64:ff9b::/96 and /48 NAT64, 100::/64, fc00::/7, fe80::/10, fec0::/10, ff00::/8)
 * is refused by not being in it.
 */
const IPV6_GLOBAL = ipaddr.parseCIDR("2000::/3");
const IPV6_SPECIAL = ["2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20", "5f00::/16"].map((cidr) => ipaddr.parseCIDR(cidr));

/** Public unicast only: loopback, private, link-local (cloud metadata), CGNAT, benchmarking, unique-local, NAT64, 6to4, IPv4-compatible... are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // unmaps ::ffff:a.b.c.d to IPv4
  if (parsed.range() !== "unicast") return false;
  if (parsed.kind() === "ipv4") return !IPV4_SPECIAL.some((cidr) => parsed.match(cidr));
  return parsed.match(IPV6_GLOBAL) && !IPV6_SPECIAL.some((cidr) => parsed.match(cidr));
}

function allowed(policy: OutboundPolicy, address: string): boolean {
  if (policy.allowAddress) return policy.allowAddress(address);
  return policy.allowPrivate || isPublicAddress(address);
}

/** Parses and checks a URL's form: scheme, no credentials, a host. */
export function checkUrlForm(raw: string, policy: OutboundPolicy): URL {
  if (!URL.canParse(raw)) throw new OutboundError("invalid_url", "is not a valid absolute URL");
  const url = new URL(raw);
  const schemes: readonly string[] = policy.allowPrivate ? ["https:", "http:"] : policy.schemes;
  if (!schemes.includes(url.protocol)) throw new OutboundError("scheme", `must use ${schemes.map((s) => s.replace(":", "")).join(" or ")}`);
  if (url.username || url.password) throw new OutboundError("invalid_url", "must not contain credentials");
  if (!url.hostname) throw new OutboundError("invalid_url", "has no host");
  return url;
}

async function defaultResolve(hostname: string): Promise<string[]> {
  const records = await dnsLookup(hostname, { all: true, verbatim: true });
  return records.map((r) => r.address);
}

/** The address to connect to: every address the name resolves to must be allowed (no mixed answers). */
export async function resolveAllowed(url: URL, policy: OutboundPolicy): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? defaultResolve)(host);
    } catch (error) {
      throw new OutboundError("dns", `host ${host} could not be resolved (${(error as Error).message})`);
    }
  }
  if (addresses.length === 0) throw new OutboundError("dns", `host ${host} has no address`);
  const refused = addresses.find((a) => !allowed(policy, a));
  if (refused) throw new OutboundError("private_address", `host ${host} resolves to ${refused}, which is not a public address`);
  return addresses[0]!;
}

/**
 * Checks what can be known without DNS: the form, and the address when the host is a literal one (the URL
 * parser turns `2130706433` and `0x7f.1` into 127.0.0.1, so every spelling of an address is literal here).
 */
export function checkUrlLiteral(raw: string, policy: OutboundPolicy): URL {
  const url = checkUrlForm(raw, policy);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host) && !allowed(policy, host)) throw new OutboundError("private_address", `host ${host} is not a public address`);
  return url;
}

/** Checks a URL completely (form and resolved addresses) without contacting it. */
export async function checkUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  const url = checkUrlForm(raw, policy);
  await resolveAllowed(url, policy);
  return url;
}

export interface OutboundRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Whole exchange, redirects included. */
  timeoutMs: number;
  /** Larger bodies fail with too_large while streaming (nothing more is read). */
  maxBytes: number;
  /** 0: a 3xx is returned as it is (webhooks); otherwise the most hops followed. */
  maxRedirects: number;
  /** Receives the body as it arrives instead of buffering it (large media to disk). */
  onData?(chunk: Uint8Array): void | Promise<void>;
  /**
   * Gives up with too_slow once the exchange, past its first `graceMs`, has averaged fewer than
   * `bytesPerSecond` since it began (redirects and waiting for headers included): a source that
   * trickles would otherwise hold whoever waits on it until `timeoutMs`.
   */
  speedFloor?: SpeedFloor;
}

export interface SpeedFloor {
  bytesPerSecond: number;
  graceMs: number;
}

/** How often a floor is checked once its grace has passed. */
const SPEED_CHECK_MS = 250;

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Empty when onData took the body. */
  body: Uint8Array;
  url: string;
}

/** Where an exchange stands: the body bytes received over every hop, and why it was stopped. */
interface Exchange {
  signal: AbortSignal;
  received: number;
  stopped?: OutboundError;
}

function once(url: URL, address: string, request: OutboundRequest, exchange: Exchange, ca: string | undefined): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    // Whatever the socket does once stopped, the exchange ends now with the reason it was stopped for.
    exchange.signal.addEventListener("abort", () => reject(exchange.stopped), { once: true });
    const family = ipaddr.parse(address).kind() === "ipv6" ? 6 : 4;
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: request.method ?? "GET",
        headers: request.headers,
        // Pinning: whatever the name resolves to now, connect to the address that was checked.
        lookup: (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options?.all ? callback(null, [{ address, family }]) : callback(null, address, family),
        signal: exchange.signal,
        ...(ca ? { ca } : {}),
      } as https.RequestOptions,
      (res) => {
        const chunks: Uint8Array[] = [];
        let size = 0;
        let chain = Promise.resolve();
        res.on("data", (chunk: Uint8Array) => {
          size += chunk.byteLength;
          exchange.received += chunk.byteLength;
          if (size > request.maxBytes) {
            res.destroy();
            reject(new OutboundError("too_large", `the answer is larger than ${request.maxBytes} bytes`));
            return;
          }
          if (request.onData) {
            res.pause();
            chain = chain.then(() => request.onData!(chunk)).then(() => void res.resume(), (error) => (res.destroy(), reject(error)));
          } else chunks.push(chunk);
        });
        res.on("end", () => {
          chain.then(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url: url.toString() }), reject);
        });
        res.on("error", (error) => reject(exchange.stopped ?? new OutboundError("network", error.message)));
      },
    );
    req.on("error", (error) => reject(exchange.stopped ?? new OutboundError("network", error.message)));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

/** One guarded exchange with a caller's URL, following redirects only as allowed and checking each hop. */
export async function outboundRequest(raw: string, request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  const controller = new AbortController();
  const exchange: Exchange = { signal: controller.signal, received: 0 };
  const stop = (why: OutboundError) => {
    exchange.stopped ??= why;
    controller.abort();
  };
  const deadline = setTimeout(() => stop(new OutboundError("timeout", `no complete answer within ${request.timeoutMs / 1000} s`)), request.timeoutMs);
  const floor = request.speedFloor ? watchSpeed(request.speedFloor, exchange, stop) : undefined;
  try {
    let url = checkUrlForm(raw, policy);
    for (let hop = 0; ; hop++) {
      const address = await resolveAllowed(url, policy);
      if (exchange.stopped) throw exchange.stopped;
      const response = await once(url, address, request, exchange, policy.ca);
      const location = response.headers.location;
      if (response.status < 300 || response.status >= 400 || request.maxRedirects === 0 || typeof location !== "string") return response;
      if (hop >= request.maxRedirects) throw new OutboundError("too_many_redirects", `more than ${request.maxRedirects} redirects`);
      url = checkUrlForm(new URL(location, url).toString(), policy);
    }
  } finally {
    clearTimeout(deadline);
    if (floor) clearInterval(floor);
  }
}

/** Stops the exchange once, past the floor's grace, its average since it began falls under the floor. */
function watchSpeed(floor: SpeedFloor, exchange: Exchange, stop: (why: OutboundError) => void): ReturnType<typeof setInterval> {
  const started = performance.now();
  const timer = setInterval(() => {
    const elapsedMs = performance.now() - started;
    if (elapsedMs < floor.graceMs) return;
    if ((exchange.received * 1000) / elapsedMs >= floor.bytesPerSecond) return;
    clearInterval(timer);
    const seconds = Math.round(elapsedMs / 100) / 10;
    stop(
      new OutboundError(
        "too_slow",
        `it sent ${exchange.received} bytes in ${seconds} s, under the ${formatRate(floor.bytesPerSecond)} a download must average once ${floor.graceMs / 1000} s have passed`,
      ),
    );
  }, Math.min(SPEED_CHECK_MS, floor.graceMs));
  return timer;
}

/** 51200 -> "50 KB/s". */
export function formatRate(bytesPerSecond: number): string {
  if (bytesPerSecond >= 1024 * 1024) return `${Math.round((bytesPerSecond / (1024 * 1024)) * 10) / 10} MB/s`;
  if (bytesPerSecond >= 1024) return `${Math.round((bytesPerSecond / 1024) * 10) / 10} KB/s`;
  return `${bytesPerSecond} B/s`;
}
