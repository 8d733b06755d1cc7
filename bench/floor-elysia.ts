/**
 * The least a server must do per request to keep this API's contract, for bench/api.ts: the bare
 * server's Elysia routes (bench/bare-elysia.ts) plus what no implementation can leave out of an
 * authenticated read. For every request it reads the bearer key, hashes it with the service's own
 * hashApiKey, finds the account in a Map (a key cache that never misses), makes the service's own pure
 * rate decision (account-actor.ts) over windows kept in a Map (settled as the service's store settles
 * them), mints a request id, and answers the body (serialized once, as the service's cached answers are)
 * with the X-RateLimit-* headers and X-Request-Id, or a problem+json 429 with Retry-After. No database,
 * no actor mailbox, no persistence behind the request, no metrics, no logging. Its ratio to the bare server bounds what the service can
 * reach on this framework and machine; the service's ratio to it is what its own plumbing costs.
 * Keys: svk_live_bare0 .. svk_live_bare39 (limits raised) and svk_live_bareover (60 a minute).
 * Run: bun bench/floor-elysia.ts <port> [me.json video.json]
 */
import { Elysia } from "elysia";
import { type Limits, type Windows, admitRequest, initialState, windowsOf } from "../actors/account-actor.ts";
import { splitSettled } from "../actors/time-log.ts";
import { hashApiKey } from "../src/auth/api-keys.ts";
import { newId } from "../src/kernel/ids.ts";
import { referenceBodies } from "./reference-bodies.ts";

const port = Number(process.argv[2]);
const { me, video } = referenceBodies(process.argv.slice(3));

const limits = (requestsPerMinute: number): Limits => ({ requestsPerMinute, createsPerMinute: 10, freeToolsPerHour: 30, freeToolsPerDay: 100, concurrentRenders: 3, concurrentStreams: 20 });
const accounts = new Map<string, { id: string; limits: Limits }>();
for (let i = 0; i < 40; i++) accounts.set(hashApiKey(`svk_live_bare${i}`), { id: `acct_${i}`, limits: limits(100_000_000) });
accounts.set(hashApiKey("svk_live_bareover"), { id: "acct_over", limits: limits(60) });
const windows = new Map<string, Windows>();

const refusal = (detail: string) =>
  JSON.stringify({ type: "https://example.com/errors#RATE_LIMITED", title: "Too many requests", status: 429, detail, code: "RATE_LIMITED" });

function answer(request: Request, body: string): Response {
  const requestId = newId("req");
  const header = request.headers.get("authorization");
  const account = header?.startsWith("Bearer ") ? accounts.get(hashApiKey(header.slice(7))) : undefined;
  if (!account) return new Response('{"code":"INVALID_API_KEY"}', { status: 401, headers: { "content-type": "application/problem+json", "x-request-id": requestId } });
  const now = Date.now();
  const [state, admission] = admitRequest(initialState(account.limits, windows.get(account.id)), "read", now);
  // Settled once a second, as the service's store settles at each sync, so a decision copies a run or two.
  const kept = windowsOf(state);
  windows.set(account.id, kept.requests.recent.length > 1 ? { ...kept, requests: splitSettled(kept.requests) } : kept);
  const headers: Record<string, string> = {
    "x-ratelimit-limit": String(admission.headers.limit),
    "x-ratelimit-remaining": String(admission.headers.remaining),
    "x-ratelimit-reset": String(admission.headers.resetSeconds),
    "x-request-id": requestId,
  };
  if (!admission.admitted) {
    return new Response(refusal(admission.detail), { status: 429, headers: { "content-type": "application/problem+json", ...headers, "retry-after": String(admission.retryAfterSeconds) } });
  }
  return new Response(body, { headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

new Elysia()
  .get("/v1/me", ({ request }) => answer(request, me))
  .get("/v1/videos/:id", ({ request }) => answer(request, video))
  .get("/v1/health", () => new Response("{}", { headers: { "content-type": "application/json; charset=utf-8" } }))
  .listen({ port, hostname: "127.0.0.1" });
