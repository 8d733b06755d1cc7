import { describe, expect, test } from "bun:test";
import { planRender } from "../../../render/plan/render-args.ts";
import { libx264Settings } from "../../../render/plan/encoder.ts";
import { frameAt, planStills, posterTime, SHEET_TILE, sheetTimes, timeLabel } from "../../../render/plan/stills.ts";
import { type Timeline, VIDEO_HEIGHT, VIDEO_WIDTH } from "../../../render/timeline.ts";

const bare: Timeline = { duration: 40, background: { kind: "color", color: "#101010" }, layers: [], audio: [] };
const card = (start: number, end: number) => ({ path: "/card.png", x: 0, y: 0, start, end, entrance: "pop" as const });

describe("poster moment", () => {
  test("a title card that opens the video, once its entrance has settled", () => {
    expect(posterTime({ ...bare, layers: [card(8, 12), card(0, 3.2)] })).toBe(0.5);
    // A short card is taken halfway through its window, while it is still shown.
    expect(posterTime({ ...bare, layers: [card(0, 0.6)] })).toBe(0.3);
  });

  test("without an opening card, the first caption line once it shows; without either, a second in", () => {
    const captions = { words: [{ text: "Hello", start: 1.2, end: 1.6 }, { text: "there", start: 1.7, end: 2.1 }], preset: "ali" as const, position: "middle" as const };
    expect(posterTime({ ...bare, layers: [card(10, 12)], captions })).toBeCloseTo(1.7, 6);
    expect(posterTime(bare)).toBe(1);
    expect(posterTime({ ...bare, duration: 0.5 })).toBe(0.25);
  });

  test("never past the last frame", () => {
    expect(posterTime({ ...bare, duration: 0.2, layers: [card(0, 0.2)] })).toBeLessThan(0.2);
  });
});

describe("contact sheet", () => {
  test("nine moments, the middle of nine equal parts, each before the last frame", () => {
    const times = sheetTimes(45);
    expect(times).toEqual([2.5, 7.5, 12.5, 17.5, 22.5, 27.5, 32.5, 37.5, 42.5]);
    for (const t of sheetTimes(0.9)) expect(t).toBeLessThan(0.9 - 1 / 30);
  });

  test("labels are m:ss.s", () => {
    expect(timeLabel(2.5)).toBe("0:02.5");
    expect(timeLabel(67.25)).toBe("1:07.2");
    expect(timeLabel(0)).toBe("0:00.0");
  });

  test("tiles keep the video's 9:16 and fill a 3x3 grid from the nine frames, each labelled once", () => {
    expect(SHEET_TILE.width / SHEET_TILE.height).toBe(VIDEO_WIDTH / VIDEO_HEIGHT);
    const stills = planStills({ ...bare, duration: 45 }, "vout", { poster: "/p.jpg", contactSheet: "/sheet.jpg" }, "/fonts/Poppins Bold.ttf");
    const sheet = stills.filters.find((f) => f.startsWith("[vsheet]"))!;
    expect(sheet).toStartWith("[vsheet]select='eq(n,75)+eq(n,225)+eq(n,375)+");
    expect(sheet).toContain(`scale=${SHEET_TILE.width}:${SHEET_TILE.height}`);
    expect(sheet).toContain("text='0\\:02.5':enable='eq(n,0)'");
    expect(sheet).toContain("text='0\\:42.5':enable='eq(n,8)'");
    // A sheet with every frame (so the output opens, and ffmpeg reports progress, from the first tile), the last one whole.
    expect(sheet).toEndWith("tile=3x3:overlap=8:init_padding=8[sheet]");
    expect(stills.outputs.slice(-7)).toEqual(["-map", "[sheet]", "-update", "1", "-q:v", "4", "/sheet.jpg"]);
  });

  test("the poster is the one full-size frame at its moment", () => {
    const stills = planStills({ ...bare, layers: [card(0, 3.2)] }, "vout", { poster: "/p.jpg", contactSheet: "/sheet.jpg" }, "/f.ttf");
    expect(frameAt(0.5)).toBe(15);
    expect(stills.filters).toContain("[vposter]select='eq(n,15)'[poster]");
    expect(stills.outputs.slice(0, 7)).toEqual(["-map", "[poster]", "-frames:v", "1", "-q:v", "3", "/p.jpg"]);
  });

  test("the render writes them as further outputs of its own run, after the MP4", () => {
    const paths = { output: "/v.mp4", assPath: "/c.ass", fontsDir: "/fonts" };
    const stills = { poster: "/p.jpg", contactSheet: "/sheet.jpg", fontFile: "/f.ttf" };
    const plain = planRender(bare, paths, libx264Settings(), 0).args;
    const withStills = planRender(bare, { ...paths, stills }, libx264Settings(), 0).args;
    expect(plain).not.toContain("/p.jpg");
    expect(withStills[withStills.indexOf("-map") + 1]).toBe("[vmain]");
    expect(withStills.indexOf("/p.jpg")).toBeGreaterThan(withStills.indexOf("/v.mp4"));
    expect(withStills.at(-1)).toBe("/sheet.jpg");
    expect(withStills[withStills.indexOf("-filter_complex") + 1]).toContain("[vout]split=3[vmain][vposter][vsheet]");
  });
});
