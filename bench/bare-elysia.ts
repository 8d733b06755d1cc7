/**
 * The framework alone, for bench/api.ts: an Elysia server on loopback with the two routes the bench
 * drives, answering a fixed JSON body of about the service's size, with no key check, limiter or database.
 * Run: bun bench/bare-elysia.ts <port>
 */
import { Elysia } from "elysia";

const port = Number(process.argv[2]);
const me = JSON.stringify({ user: { id: "acct_bare", email: "bare@example.com" }, plan: { tier: "pro", pricingV2: true }, entitlement: { canUseTemplates: true, upsell: "none" } });
const video = JSON.stringify({ id: "vid_bare", status: "queued", stage: "Queued", progress: null, template: "reddit_story", createdAt: new Date(0).toISOString() });
const json = (body: string) => new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } });

new Elysia()
  .get("/v1/me", () => json(me))
  .get("/v1/videos/:id", () => json(video))
  .get("/v1/health", () => json("{}"))
  .listen({ port, hostname: "127.0.0.1" });
