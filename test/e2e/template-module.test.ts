import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, TEMPLATES } from "../../src/templates/registry.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { streams } from "../helpers/media.ts";
import { expectProblem } from "../helpers/problem.ts";
import { waitForVideo } from "../helpers/videos.ts";
import { posterCard } from "../fixtures/templates/poster-card/index.ts";

/** Adding a template is its folder plus one registry line: a test-only fifth template goes all the way. */

const ROOT = join(import.meta.dir, "..", "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

test("no source file knows the fixture template's id", () => {
  const knowing = ["src", "render", "db", "actors"].flatMap((d) => sourceFiles(join(ROOT, d))).filter((f) => readFileSync(f, "utf8").includes(posterCard.id));
  expect(knowing).toEqual([]);
});

describe(`an app built with a fifth template (${DATABASE_KINDS[0]})`, () => {
  const templates = createRegistry([...TEMPLATES.list, posterCard]);
  const svc = useService(DATABASE_KINDS[0]!, {}, { workers: true, templates });

  test("it validates, estimates and renders a real MP4", async () => {
    const { apiKey } = await svc().createAccount();
    const post = (path: string, json: unknown) => svc().request(path, { method: "POST", key: apiKey, json });

    const refused = await expectProblem(await post("/v1/estimate", { template: "poster_card", inputs: { headline: "", seconds: 9, extra: 1 } }), 400, "INVALID_INPUT");
    expect(refused.errors.map((e: { path: string }) => e.path).sort()).toEqual(["inputs.extra", "inputs.headline", "inputs.seconds"]);
    await expectProblem(await post("/v1/scripts", { template: "poster_card", inputs: posterCard.examples.minimal }), 400, "TEMPLATE_NOT_AVAILABLE");

    const estimate = (await (await post("/v1/estimate", { template: "poster_card", inputs: posterCard.examples.minimal })).json()) as any;
    expect(estimate).toMatchObject({ template: "poster_card", charges: { narration: 0, render: 0, videos: 1 }, expectedDurationSeconds: 2, expectedNarrationSeconds: 0 });

    const created = await post("/v1/videos", { template: "poster_card", inputs: posterCard.examples.full });
    expect(created.status).toBe(202);
    const video = await waitForVideo(svc(), apiKey, ((await created.json()) as any).id, (v) => ["completed", "failed"].includes(v.status));
    expect(video.error).toBeNull();
    expect(video.creditsCharged).toEqual({ narration: 0, render: 0, videos: 1 });
    expect("notices" in video).toBe(false);
    const redirect = await svc().app.handle(new Request(video.downloadUrl));
    const file = await svc().app.handle(new Request(redirect.headers.get("location")!));
    const mp4 = join(svc().dataDir, "poster.mp4");
    writeFileSync(mp4, new Uint8Array(await file.arrayBuffer()));
    const { video: stream, format } = await streams(mp4);
    expect([stream.width, stream.height, stream.codec_name]).toEqual([1080, 1920, "h264"]);
    expect(Number(format.duration)).toBeCloseTo(3, 0);
  }, 180_000);

  test("it appears in the catalog, the guides and the OpenAPI document", async () => {
    const list = (await (await svc().request("/v1/templates")).json()) as any[];
    expect(list.map((t) => t.id)).toEqual([...TEMPLATES.ids, "poster_card"]);
    const llms = await (await svc().request("/v1/llms.txt")).text();
    expect(llms).toContain("- poster_card (Poster Card): ");
    expect(llms).toContain("/v1/templates/poster_card.txt");
    const guide = await svc().request("/v1/templates/poster_card.txt");
    expect(guide.status).toBe(200);
    const text = await guide.text();
    expect(text).toContain("# Poster Card (poster_card)");
    expect(text).toContain("- headline (string; required");
    expect(text).toContain("None: this template has no free step.");
    const doc = (await (await svc().request("/v1/openapi.json")).json()) as any;
    expect(doc.components.schemas.PosterCardInputs.properties.headline).toBeDefined();
    const branches = doc.components.schemas.CreateVideoRequest.anyOf.map((b: any) => b.properties.template.const);
    expect(branches).toContain("poster_card");
    expect(doc.components.schemas.Video.properties.template.enum).toContain("poster_card");
  });
});

describe(`the service's own app (${DATABASE_KINDS[0]})`, () => {
  const svc = useService(DATABASE_KINDS[0]!);

  test("does not serve the fixture template", async () => {
    await expectProblem(await svc().request("/v1/templates/poster_card.txt"), 404, "NOT_FOUND");
    const { apiKey } = await svc().createAccount();
    await expectProblem(await svc().request("/v1/estimate", { method: "POST", key: apiKey, json: { template: "poster_card", inputs: {} } }), 400, "UNKNOWN_TEMPLATE");
  });
});
