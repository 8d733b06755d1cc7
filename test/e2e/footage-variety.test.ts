import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FOOTAGE_FPS } from "../../render/footage/recipes.ts";
import { DEFAULT_BACKGROUND_CATEGORY } from "../../render/media/background-categories.ts";
import { generatedMediaDir } from "../../render/media/generated-dir.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { renderTimeline } from "../../render/renderer.ts";
import type { Timeline } from "../../render/timeline.ts";
import { createFileLibrary, pickBackground } from "../../src/media/library.ts";
import { backgroundStartAt } from "../../src/templates/media-choice.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { analyseClip, GREY_HEIGHT, GREY_WIDTH, longestRepeat, shrinkGrey } from "../helpers/footage-frames.ts";

/**
 * A 60 s video over the built-in footage shows no stretch of it twice: the default category's loops (which
 * scripts/test.sh generates) play one after another. Frames are compared at 27x48 grey; the same footage
 * decoded twice differs by well under a grey level there, consecutive frames of moving footage by several.
 */
const SAME_FOOTAGE = 1.0;
const dir = mkdtempSync(join(tmpdir(), "footage-variety-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("built-in footage in a 60 s video", () => {
  test("no stretch of a second or more is shown twice", async () => {
    const library = createFileLibrary(generatedMediaDir(loadConfig().mediaCacheDir));
    const seed = 1234567;
    const picked = pickBackground(library, { category: DEFAULT_BACKGROUND_CATEGORY }, seed);
    if (!picked.ok) throw new Error("the default category's loops are missing: run bun scripts/generate-media.ts --default");
    expect(picked.next).toHaveLength(2);
    const timeline: Timeline = {
      duration: 60,
      background: { kind: "video", path: picked.asset.file, next: picked.next.map((clip) => clip.file), startAt: backgroundStartAt(seed) },
      layers: [],
      audio: [],
    };
    const out = join(dir, "sixty.mp4");
    await renderTimeline(timeline, out, { encoder: libx264Settings("ultrafast") });
    const frames = (await analyseClip(out)).grey.map((frame) => shrinkGrey(frame, GREY_WIDTH, GREY_HEIGHT, 4));
    expect(frames).toHaveLength(60 * FOOTAGE_FPS);

    // The check finds a repeat where there is one: the first 20 s shown again (one loop played three times).
    const looped = [...frames.slice(0, 20 * FOOTAGE_FPS), ...frames.slice(0, 20 * FOOTAGE_FPS)];
    expect(longestRepeat(looped, FOOTAGE_FPS, SAME_FOOTAGE).frames).toBe(20 * FOOTAGE_FPS);

    expect(longestRepeat(frames, FOOTAGE_FPS, SAME_FOOTAGE).frames).toBeLessThan(FOOTAGE_FPS);
  }, 600_000);
});
