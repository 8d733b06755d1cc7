/**
 * The framework alone, for bench/api.ts: an Elysia server on loopback with the two routes the bench
 * drives, answering a fixed JSON body (the service's own answers, when given: reference-bodies.ts), with no
 * key check, limiter or database.
 * Run: bun bench/bare-elysia.ts <port> [me.json video.json]
 */
import { Elysia } from "elysia";
import { referenceBodies } from "./reference-bodies.ts";

const port = Number(process.argv[2]);
const { me, video } = referenceBodies(process.argv.slice(3));
const json = (body: string) => new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } });

new Elysia()
  .get("/v1/me", () => json(me))
  .get("/v1/videos/:id", () => json(video))
  .get("/v1/health", () => json("{}"))
  .listen({ port, hostname: "127.0.0.1" });
