import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { renderTimeline } from "../../render/renderer.ts";
import { VIDEO_WIDTH } from "../../render/timeline.ts";
import { sourceFromText } from "../../src/content/ingest.ts";
import { splitSentences } from "../../src/content/sentences.ts";
import { createContentWriter } from "../../src/content/writer.ts";
import { silentLogger } from "../../src/kernel/logger.ts";
import { articleVideo } from "../../src/templates/article-video/index.ts";
import { headlineCardSvg } from "../../src/templates/article-video/headline-card.ts";
import { articleTimeline, silentNarration } from "../../src/templates/article-video/production.ts";
import { withDefaults } from "../../src/templates/validate.ts";
import { frameAt } from "../helpers/media.ts";
import { GO_BIRTHDAY } from "../fixtures/open-articles.ts";

const dir = mkdtempSync(join(tmpdir(), "article-poster-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The mean colour of a patch of an RGB frame 1080 pixels wide. */
function patch(rgb: Uint8Array, x0: number, y0: number, w: number, h: number): [number, number, number] {
  const sum = [0, 0, 0];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) for (let c = 0; c < 3; c++) sum[c]! += rgb[(y * VIDEO_WIDTH + x) * 3 + c]!;
  return sum.map((s) => s / (w * h)) as [number, number, number];
}

describe("an article video's poster", () => {
  test("the poster frame shows the headline card over the footage, which the footage has back after the hook", async () => {
    const script = await createContentWriter(null, silentLogger).articleScript(sourceFromText(GO_BIRTHDAY.text), { length: "short", tone: "explainer" });
    const card = headlineCardSvg(script.headline);
    const cardPath = join(dir, "headline-card.png");
    await sharp(Buffer.from(card.svg)).png().toFile(cardPath);
    // The hook and one more sentence are enough to see the card come and go; a flat green stands in for footage.
    const spoken = splitSentences(script.text).slice(0, 2).join(" ");
    const inputs = withDefaults(articleVideo, { source: { kind: "text", text: GO_BIRTHDAY.text }, silent: true });
    const planned = articleTimeline(inputs, { backgroundPath: "unused.mp4", fitted: true, musicPath: null }, silentNarration(spoken), { path: cardPath, x: card.x, y: card.y, hookWords: script.hookWords });
    const timeline = { ...planned, background: { kind: "color" as const, color: "#1f9d3a" } };
    const out = join(dir, "article.mp4");
    const stills = { poster: join(dir, "poster.jpg"), contactSheet: join(dir, "sheet.jpg") };
    await renderTimeline(timeline, out, { encoder: libx264Settings("ultrafast"), stills });

    const poster = new Uint8Array(await sharp(stills.poster).removeAlpha().raw().toBuffer());
    const { box } = card;
    // The card's dark fill under its last line, and its headline's white letters across the first line.
    const [r, g, b] = patch(poster, box.x + 30, box.y + box.height - 40, 200, 16);
    expect(Math.max(r, g, b)).toBeLessThan(60);
    const headlineRow = patch(poster, box.x + 56, box.y + 56 + 64, 400, Math.round(card.size * 0.6));
    expect(Math.min(...headlineRow)).toBeGreaterThan(70);
    // Beside the card, the footage.
    const [fr, fg, fb] = patch(poster, 40, 1600, 200, 40);
    expect(fg).toBeGreaterThan(fr + 60);
    expect(fg).toBeGreaterThan(fb + 60);

    const after = await frameAt(out, timeline.layers[0]!.end + 0.6, join(dir, "after.rgb"));
    const [ar, ag, ab] = patch(after, box.x + 30, box.y + box.height - 40, 200, 16);
    expect(ag).toBeGreaterThan(ar + 60);
    expect(ag).toBeGreaterThan(ab + 60);
  }, 240_000);
});
