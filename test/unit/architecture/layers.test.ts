import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { LAYERS, checkTree, cyclesOf, importGraph, importsOf, layerOf, unitGraph, usageViolationsOf, violationsOf } from "./layers.ts";

const REPO = resolve(import.meta.dir, "../../..");

describe("layers", () => {
  test("no import in the service's source points to a higher layer", async () => {
    const found = (await checkTree(REPO)).map((v) => `${v.file} -> ${v.imports}: ${v.rule}`);
    expect(found).toEqual([]);
  });

  test("the table is a stack: every layer may import only its own rank or below", () => {
    const rank = new Map(LAYERS.map((l) => [l.name, l.rank]));
    const upward = LAYERS.flatMap((layer) => layer.mayImport.filter((name) => !(rank.get(name)! <= layer.rank)).map((name) => `${layer.name} -> ${name}`));
    expect(upward).toEqual([]);
  });

  test("files land in the layer their path says", () => {
    expect(
      ["render/timeline.ts", "db/repos/videos.ts", "src/kernel/errors.ts", "actors/limiter.ts", "src/narration/service.ts", "src/videos/service.ts", "src/http/routes/videos.ts", "src/http/route.ts", "src/server.ts", "scripts/caption-stills.ts", "studio/src/app.tsx", "src/http/mcp/routes.ts", "src/admin/cli.ts", "src/unplaced/x.ts"].map(
        (f) => layerOf(f)?.name,
      ),
    ).toEqual(["render", "db", "kernel", "actors", "adapters", "features", "edge", "edge", "root", "tools", "studio", "edge", "root", undefined]);
  });

  test("every folder of the service's source is placed by one line of the table", async () => {
    const folders = LAYERS.flatMap((layer) => layer.folders);
    expect(new Set(folders).size).toBe(folders.length);
    const unplaced = [...(await importGraph(REPO)).keys()].filter((file) => !layerOf(file));
    expect(unplaced).toEqual([]);
  });

  test("no two folders import each other, directly or around a loop, and no two files", async () => {
    const files = await importGraph(REPO);
    expect(cyclesOf(unitGraph(files))).toEqual([]);
    expect(cyclesOf(files)).toEqual([]);
  });
});

describe("the checker", () => {
  test("reads every form of import, and nothing inside strings", () => {
    const source = [
      'import type { A } from "./a.ts";',
      "import {",
      "  b,",
      "  type C,",
      '} from "../b.ts";',
      'import "./side-effect.ts";',
      'export * from "./c.ts";',
      'export { d } from "./d.ts";',
      'const lazy = await import("./e.ts");',
      'const text = "import x from \\"./not-an-import.ts\\"";',
      'const script = `import y from ${JSON.stringify("./not-either.ts")}`;',
    ].join("\n");
    expect(importsOf(source).sort()).toEqual(["../b.ts", "./a.ts", "./c.ts", "./d.ts", "./e.ts", "./side-effect.ts"]);
  });

  test("catches each kind of upward import", () => {
    const rules = (file: string, source: string) => violationsOf(file, source).map((v) => v.rule);
    expect(rules("render/timeline.ts", 'import type { CaptionPresetId } from "../src/catalog/caption-presets.ts";')).toEqual(["render may not import features"]);
    expect(rules("db/repos/rate-windows.ts", 'import type { Windows } from "../../actors/account-actor.ts";')).toEqual(["db may not import actors"]);
    expect(rules("src/videos/pipeline.ts", 'import { videoFileKey } from "../http/routes/downloads.ts";')).toEqual(["features may not import edge"]);
    expect(rules("src/content/quiz/pack.ts", 'import type { QuizCategory } from "../../templates/quiz-video/inputs.ts";')).toEqual(["adapters may not import features"]);
    expect(rules("actors/limiter.ts", 'import { createApp } from "../src/http/app.ts";')).toEqual(["actors may not import edge"]);
    expect(rules("src/queue/job-queue.ts", 'import { sql } from "drizzle-orm";')).toEqual(["adapters may not import drizzle-orm (only db may)"]);
    expect(rules("src/videos/service.ts", 'import { storyBody } from "../../test/helpers/videos.ts";')).toEqual(["features may not import outside the service's source"]);
    expect(rules("studio/src/app.tsx", 'import { createApp } from "../../src/http/app.ts";')).toEqual(["studio may not import edge"]);
    expect(rules("studio/src/videos/video-page.tsx", 'import { findVideo } from "../../../db/repos/videos.ts";')).toEqual(["studio may not import db"]);
    expect(usageViolationsOf("src/narration/decode.ts", 'Bun.spawn(["ffmpeg", "-i", path])').map((v) => v.rule)).toEqual(["only render/ffmpeg.ts spawns ffmpeg or ffprobe"]);
    expect(usageViolationsOf("src/videos/finish.ts", "await ctx.db.transaction(async (tx) => {})").map((v) => v.rule)).toEqual(["transactions open through withTransaction (db/client.ts)"]);
  });

  test("allows imports down the stack and within a layer", () => {
    expect(violationsOf("src/http/routes/videos.ts", 'import { createVideo } from "../../videos/service.ts";\nimport { Limiter } from "../../../actors/limiter.ts";')).toEqual([]);
    expect(violationsOf("actors/window-store.ts", 'import { lockRateWindows } from "../db/repos/rate-windows.ts";\nimport { ApiError } from "../src/kernel/errors.ts";')).toEqual([]);
    expect(violationsOf("studio/src/app.tsx", 'import { ShortvidClient } from "../../client/src/client.ts";\nimport { SignIn } from "./account/sign-in.tsx";')).toEqual([]);
    expect(violationsOf("src/build-deps.ts", 'import { createApp } from "./http/app.ts";\nimport { createRenderPool } from "../render/pool.ts";')).toEqual([]);
    expect(usageViolationsOf("render/ffmpeg.ts", 'Bun.spawn(["ffmpeg", ...args])')).toEqual([]);
    expect(usageViolationsOf("src/videos/finish.ts", "await withTransaction(ctx.db, async (tx) => {})")).toEqual([]);
  });

  test("finds a loop between folders, and between files", () => {
    const graph = (edges: [string, string][]) => {
      const out = new Map<string, Set<string>>();
      for (const [from, to] of edges) out.set(from, new Set([...(out.get(from) ?? []), to]));
      return out;
    };
    const files = graph([
      ["src/catalog/service.ts", "src/narration/voices.ts"],
      ["src/narration/previews.ts", "src/templates/registry.ts"],
      ["src/templates/registry.ts", "src/catalog/model.ts"],
      ["src/admin/cli.ts", "src/server.ts"],
    ]);
    expect(cyclesOf(unitGraph(files))).toEqual([["src/catalog", "src/narration", "src/templates"]]);
    expect(cyclesOf(files)).toEqual([]);
    expect(cyclesOf(graph([["render/plan/render-args.ts", "render/plan/stills.ts"], ["render/plan/stills.ts", "render/plan/render-args.ts"]]))).toEqual([["render/plan/render-args.ts", "render/plan/stills.ts"]]);
  });

  describe("on a tree with a planted violation", () => {
    const root = mkdtempSync(join(tmpdir(), "layers-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const plant = (file: string, source: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), source);
    };

    test("finds it, and only it", async () => {
      plant("src/catalog/caption-presets.ts", 'export const CAPTION_PRESET_IDS = ["hormozi"];\n');
      plant("render/captions/presets.ts", 'export const LOOKS = {};\n');
      plant("render/timeline.ts", 'import { LOOKS } from "./captions/presets.ts";\nimport { CAPTION_PRESET_IDS } from "../src/catalog/caption-presets.ts";\n');
      plant("src/videos/service.ts", 'import { LOOKS } from "../../render/captions/presets.ts";\n');
      expect(await checkTree(root)).toEqual([{ file: "render/timeline.ts", imports: "src/catalog/caption-presets.ts", rule: "render may not import features" }]);
    });
  });
});
