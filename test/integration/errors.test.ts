import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/http/app.ts";
import { MAX_BODY_BYTES } from "../../src/http/body.ts";
import type { RouteDef } from "../../src/http/route.ts";
import { Type } from "@sinclair/typebox";
import { allRoutes } from "../../src/http/routes/all.ts";
import { TEMPLATES } from "../../src/templates/registry.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";

describe.each(DATABASE_KINDS)("error paths on %s", (kind) => {
  const svc = useService(kind);

  test("unknown routes and methods: 404 NOT_FOUND", async () => {
    await expectProblem(await svc().request("/v1/nothing-here"), 404, "NOT_FOUND");
    // The API alone has no page at /: the server adds the Studio there (test/integration/studio-serving.test.ts) unless STUDIO=0.
    await expectProblem(await svc().request("/"), 404, "NOT_FOUND");
    await expectProblem(await svc().request("/v1/me", { method: "DELETE" }), 404, "NOT_FOUND");
    await expectProblem(await svc().request("/v1/templates/quiz_video.json"), 404, "NOT_FOUND");
  });

  test("malformed JSON: 400 INVALID_INPUT", async () => {
    const { apiKey } = await svc().createAccount();
    const res = await svc().request("/v1/estimate", { method: "POST", key: apiKey, body: '{"template": "quiz_video",', headers: { "content-type": "application/json" } });
    const body = await expectProblem(res, 400, "INVALID_INPUT");
    expect(body.errors[0].code).toBe("invalid_json");
  });

  test("an empty body where one is required: 400 INVALID_INPUT", async () => {
    const { apiKey } = await svc().createAccount();
    await expectProblem(await svc().request("/v1/estimate", { method: "POST", key: apiKey }), 400, "INVALID_INPUT");
  });

  test("a body of 2 MB + 1 byte: 413 INVALID_INPUT as problem+json; 2 MB exactly is read", async () => {
    const { apiKey } = await svc().createAccount();
    const ofSize = (n: number) => `{"template":"quiz_video","inputs":{"topic":"${"x".repeat(n - 47)}"}}`;
    expect(ofSize(MAX_BODY_BYTES).length).toBe(MAX_BODY_BYTES);
    const big = await svc().request("/v1/estimate", { method: "POST", key: apiKey, body: ofSize(MAX_BODY_BYTES + 1) });
    await expectProblem(big, 413, "INVALID_INPUT");
    const exact = await svc().request("/v1/estimate", { method: "POST", key: apiKey, body: ofSize(MAX_BODY_BYTES) });
    const body = await expectProblem(exact, 400, "INVALID_INPUT");
    expect(body.errors).toContainEqual(expect.objectContaining({ path: "inputs.topic", code: "too_long" }));
  });

  test("an unexpected exception: 500 INTERNAL_ERROR with a request id, no stack", async () => {
    const throwing: RouteDef = {
      method: "GET",
      path: "/v1/boom",
      operationId: "boom",
      tag: "Test",
      summary: "throws",
      description: "throws",
      auth: "none",
      success: { status: 200, description: "never", schema: Type.Null() },
      errors: [],
      handle: () => {
        throw new TypeError("secret internals at /srv/app.ts:12");
      },
    };
    const logged: unknown[] = [];
    const deps = { ...svc().deps, log: { ...svc().deps.log, error: (_m: string, f?: unknown) => logged.push(f) } };
    const app = createApp(deps, [...allRoutes(TEMPLATES), throwing]);
    const res = await app.handle(new Request(`${BASE}/v1/boom`));
    const body = await expectProblem(res, 500, "INTERNAL_ERROR");
    expect(body.requestId).toBe(res.headers.get("x-request-id")!);
    expect(JSON.stringify(body)).not.toContain("secret internals");
    expect(JSON.stringify(logged)).toContain("secret internals");
  });
});
