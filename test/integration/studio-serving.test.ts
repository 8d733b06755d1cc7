import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildStudio } from "../../scripts/build-studio.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { type StudioAssets, loadStudio, mountStudio } from "../../src/http/studio.ts";
import { useService } from "../helpers/harness.ts";

/** How the service serves the Studio: the page under a strict policy, hashed assets cached for good, and nothing in the API's own description. */
let outDir: string;
let studio: StudioAssets;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "studio-build-"));
  await buildStudio(outDir);
  studio = loadStudio(outDir)!;
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("serving the Studio", () => {
  const svc = useService("pglite");
  const mounted = () => mountStudio(svc().app, studio, ["http://test.local"]);
  const get = (path: string) => mounted().handle(new Request(`http://test.local${path}`));

  test("GET / is the page: no inline script, a CSP that forbids it and keeps calls on this origin, checked again on each visit", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(1);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/studio\/assets\/main-[a-z0-9]+\.js"/);
      expect(body).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  test("the assets the page names are served with a year's cache under their hashed names; anything else there is a 404 problem", async () => {
    const html = await (await get("/")).text();
    const names = [...html.matchAll(/\/studio\/assets\/([^"]+)/g)].map((m) => m[1]!);
    expect(names.some((n) => n.endsWith(".js")) && names.some((n) => n.endsWith(".css"))).toBe(true);
    for (const name of names) {
      const res = await get(`/studio/assets/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-type")).toStartWith(name.endsWith(".js") ? "text/javascript" : "text/css");
    }
    for (const path of ["/studio/assets/main-0000.js", "/studio/assets/..%2F..%2Fpackage.json", "/studio/assets/../index.html"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("NOT_FOUND");
    }
  });

  test("the API is unchanged beside it: its OpenAPI document lists no Studio path, and other unknown paths stay 404", async () => {
    const app = mounted();
    const doc = (await (await app.handle(new Request("http://test.local/v1/openapi.json"))).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith("/v1/"))).toEqual([]);
    expect((await app.handle(new Request("http://test.local/v1/health"))).status).toBe(200);
    expect((await app.handle(new Request("http://test.local/index.html"))).status).toBe(404);
  });

  test("STUDIO=0 turns it off; it is on by default", () => {
    expect(loadConfig({}).studio).toBe(true);
    expect(loadConfig({ STUDIO: "0" }).studio).toBe(false);
    expect(() => loadConfig({ STUDIO: "yes" })).toThrow(/STUDIO/);
  });

  test("a build that was never made is no Studio (the server then leaves / to the API's 404)", () => {
    expect(loadStudio(join(outDir, "missing"))).toBeUndefined();
  });
});
