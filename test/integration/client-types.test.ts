import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { useService } from "../helpers/harness.ts";

// Imported by path: the generator lives in its own install (openapi-typescript needs TypeScript 5).
const CODEGEN = join(import.meta.dir, "../../client/codegen/generate.ts");

/**
 * The types without their doc comments: a reworded description is no disagreement (the file's comments
 * catch up at its next generation), a changed field, parameter or answer is.
 */
const typesOf = (source: string) => source.replace(/\/\*\*[\s\S]*?\*\//g, "").replace(/^\s*\n/gm, "");

describe("the client's types", () => {
  const svc = useService("pglite");

  test("client/src/openapi.ts is what openapi-typescript makes of the served OpenAPI document", async () => {
    const { renderTypes, TYPES_FILE } = (await import(CODEGEN)) as { renderTypes(doc: unknown): Promise<string>; TYPES_FILE: string };
    const res = await svc().request("/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    const committed = typesOf(readFileSync(TYPES_FILE, "utf8"));
    const served = typesOf(await renderTypes(doc));
    if (committed !== served) {
      throw new Error("client/src/openapi.ts and the served OpenAPI document disagree: run `scripts/bun client/codegen/generate.ts <service>/v1/openapi.json` and commit the file");
    }
    // The check has teeth: one more field in the Video object is a different file; a reworded description is not.
    doc.components.schemas.Video.properties.status.description = "Reworded.";
    expect(typesOf(await renderTypes(doc))).toBe(committed);
    doc.components.schemas.Video.properties.extraField = { type: "string" };
    expect(typesOf(await renderTypes(doc))).not.toBe(committed);
  });
});
