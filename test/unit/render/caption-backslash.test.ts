import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAss } from "../../../render/captions/ass.ts";
import { ffmpegBytes } from "../../../render/ffmpeg.ts";
import { fontsDir } from "../../../render/fonts.ts";
import { VIDEO_HEIGHT, VIDEO_WIDTH } from "../../../render/timeline.ts";

/** The box of lit pixels libass draws for one caption word, on a black frame at 1/4 scale. */
async function drawnBox(dir: string, text: string): Promise<{ width: number; height: number }> {
  const ass = join(dir, `${Buffer.from(text).toString("hex")}.ass`);
  writeFileSync(ass, buildAss({ words: [{ text, start: 0, end: 2 }], preset: "hormozi", position: "middle" }));
  const [w, h] = [VIDEO_WIDTH / 4, VIDEO_HEIGHT / 4];
  const frame = await ffmpegBytes([
    "-f", "lavfi", "-i", `color=c=black:s=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:d=1`,
    "-vf", `subtitles=filename='${ass}':fontsdir='${fontsDir()}',scale=${w}:${h},format=gray`,
    "-frames:v", "1", "-ss", "0.5", "-f", "rawvideo", "pipe:1",
  ]);
  let [minX, minY, maxX, maxY] = [w, h, -1, -1];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (frame[y * w + x]! > 60) [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    }
  }
  return { width: maxX - minX + 1, height: maxY - minY + 1 };
}

describe("caption text is shown literally by libass", () => {
  test("a backslash is one backslash and never an escape: back\\Nslash stays on one line, as wide as back/Nslash", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ass-"));
    try {
      const slash = await drawnBox(dir, "back/Nslash");
      const backslash = await drawnBox(dir, "back\\Nslash");
      const doubled = await drawnBox(dir, "back//Nslash");
      expect(slash.width).toBeGreaterThan(20);
      // A line break would make it taller and narrower; a doubled backslash as wide as two slashes.
      expect(Math.abs(backslash.height - slash.height)).toBeLessThanOrEqual(2);
      expect(Math.abs(backslash.width - slash.width)).toBeLessThan((doubled.width - slash.width) / 2);
      expect(buildAss({ words: [{ text: "a\\hb\\nc", start: 0, end: 1 }], preset: "hormozi", position: "middle" })).not.toMatch(/\\[hnN]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
