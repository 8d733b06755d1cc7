import { describe, expect, test } from "bun:test";
import SwaggerParser from "@apidevtools/swagger-parser";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allRoutes } from "../../src/http/routes/all.ts";
import { TEMPLATES } from "../../src/templates/registry.ts";
import { FAILED_AUTH_PER_MINUTE } from "../../actors/failed-auth.ts";
import { PROBLEM_LIMITS, REQUEST_ERRORS } from "../../src/kernel/errors.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";

// The OpenAPI document is built from the route table and the schemas, never from the database: it is
// validated and linted once (the lint alone runs a Node CLI for seconds).
describe(`the OpenAPI document (${DATABASE_KINDS[0]})`, () => {
  const svc = useService(DATABASE_KINDS[0]!);

  test("GET /v1/openapi.json is a valid OpenAPI 3.1 document describing every route", async () => {
    const res = await svc().request("/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    await SwaggerParser.validate(structuredClone(doc));
    for (const route of allRoutes(TEMPLATES)) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op?.operationId).toBe(route.operationId);
      expect(op.security).toEqual(route.auth === "key" ? [{ bearerAuth: [] }] : []);
      if (route.auth === "key") expect(Object.keys(op.responses)).toContain("401");
      if (route.rate !== "unlimited") expect(Object.keys(op.responses)).toContain("429");
      else expect(Object.keys(op.responses)).not.toContain("429");
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Problem.properties.code.enum).toEqual(Object.keys(REQUEST_ERRORS));
    for (const t of TEMPLATES.list) expect(Object.keys(doc.components.schemas)).toContain(t.id.replace(/(^|_)(\w)/g, (_: string, __: string, c: string) => c.toUpperCase()) + "Inputs");
    expect(doc.paths["/v1/estimate"].post.responses["413"].content["application/problem+json"]).toBeDefined();
  });

  test("redocly lint finds no errors", async () => {
    const doc = await (await svc().request("/v1/openapi.json")).text();
    const file = join(mkdtempSync(join(tmpdir(), "oas-")), "openapi.json");
    writeFileSync(file, doc);
    const proc = Bun.spawn(["node_modules/.bin/redocly", "lint", file, "--format=summary"], { stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(`${out}${err}`).toContain("Your API description is valid");
    expect(`${out}${err}`).not.toMatch(/^error /m);
    expect(code).toBe(0);
  }, 120_000);
});

describe.each(DATABASE_KINDS)("served documents on %s", (kind) => {
  const svc = useService(kind);

  test("GET /v1/llms.txt covers templates, endpoints, errors and limits", async () => {
    const res = await svc().request("/v1/llms.txt");
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    const text = await res.text();
    for (const t of TEMPLATES.list) expect(text).toContain(`/v1/templates/${t.id}.txt`);
    for (const r of allRoutes(TEMPLATES)) expect(text).toContain(`${r.method} ${r.path}`);
    for (const code of Object.keys(REQUEST_ERRORS)) expect(text).toContain(code);
    expect(text).toContain("Retry-After");
    expect(text).toContain("X-Service-Signature");
  });

  test.each(TEMPLATES.list.map((t) => t.id))("GET /v1/templates/%s.txt has inputs, defaults, examples, credits, notes and errors", async (id) => {
    const res = await svc().request(`/v1/templates/${id}.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const heading of ["## Inputs", "## Defaults", "## Credits", "## Notes", "## Errors", "Minimal example"]) expect(text).toContain(heading);
    const template = TEMPLATES.list.find((t) => t.id === id)!;
    for (const field of Object.keys(template.inputs.properties)) expect(text).toContain(`- ${field} (`);
    // Both examples appear as complete request bodies.
    const bodies = [...text.matchAll(/^\{\n[\s\S]*?^\}$/gm)].map((m) => JSON.parse(m[0]));
    expect(bodies).toContainEqual({ template: id, inputs: template.examples.minimal });
    expect(bodies).toContainEqual({ template: id, inputs: template.examples.full });
  });

  test("an unknown template guide is 404 NOT_FOUND", async () => {
    await expectProblem(await svc().request("/v1/templates/tiktok_dance.txt"), 404, "NOT_FOUND");
  });

  test("GET /v1/errors names every code", async () => {
    const text = await (await svc().request("/v1/errors")).text();
    for (const code of Object.keys(REQUEST_ERRORS)) expect(text).toContain(`## ${code}`);
    expect(text).toContain("## RENDER_FAILED");
  });

  test("errorsOmitted is documented as an addition to the Problem shape: OpenAPI, llms.txt and the error reference", async () => {
    const doc = (await (await svc().request("/v1/openapi.json")).json()) as any;
    const field = doc.components.schemas.Problem.properties.errorsOmitted;
    expect(field.type).toBe("integer");
    expect(field.description).toContain(`at most ${PROBLEM_LIMITS.maxErrors}`);
    expect(field.description).toContain("An addition to the API document's Problem shape");
    expect(doc.components.schemas.Problem.required).not.toContain("errorsOmitted");
    for (const path of ["/v1/llms.txt", "/v1/errors"]) {
      const text = await (await svc().request(path)).text();
      expect(text).toMatch(new RegExp(`at most ${PROBLEM_LIMITS.maxErrors} fields[^\\n]*errorsOmitted`));
      expect(text).toMatch(/errorsOmitted[^\n]*addition to the API document's Problem shape/);
    }
  });

  test("llms.txt states the failed-authentication limit is per process, with its bound for N processes", async () => {
    const text = await (await svc().request("/v1/llms.txt")).text();
    expect(text).toContain(`Each server process counts these on its own, in memory`);
    expect(text).toContain(`with N server processes an address can fail at most N x ${FAILED_AUTH_PER_MINUTE} times a minute`);
  });
});

describe.each(DATABASE_KINDS)("health on %s", (kind) => {
  const svc = useService(kind);
  test("GET /v1/health answers without a key", async () => {
    const res = await svc().request("/v1/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", version: "1.0.0", database: kind, narrator: "offline" });
  });
});
