import { describe, expect, test } from "bun:test";
import { contactSheetArgs, posterArgs, posterTime, SHEET_TILE, sheetTimes, timeLabel } from "../../../render/plan/stills.ts";
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

  test("tiles keep the video's 9:16 and fill a 3x3 grid, one seeked input each", () => {
    expect(SHEET_TILE.width / SHEET_TILE.height).toBe(VIDEO_WIDTH / VIDEO_HEIGHT);
    const args = contactSheetArgs("/v.mp4", sheetTimes(45), "/sheet.jpg", "/fonts/Poppins Bold.ttf");
    expect(args.filter((a) => a === "-i")).toHaveLength(9);
    expect(args.slice(0, 6)).toEqual(["-ss", "2.5", "-t", "0.5", "-i", "/v.mp4"]);
    const graph = args[args.indexOf("-filter_complex") + 1]!;
    expect(graph).toContain("xstack=inputs=9:layout=0_0|270_0|540_0|0_480|270_480|540_480|0_960|270_960|540_960[sheet]");
    expect(graph).toContain("text='0\\:02.5'");
    expect(graph).toContain(`scale=${SHEET_TILE.width}:${SHEET_TILE.height}`);
    expect(args.slice(-5)).toEqual(["-frames:v", "1", "-q:v", "4", "/sheet.jpg"]);
  });

  test("the poster is one full-size frame", () => {
    expect(posterArgs("/v.mp4", 0.5, "/p.jpg")).toEqual(["-ss", "0.5", "-i", "/v.mp4", "-frames:v", "1", "-an", "-q:v", "3", "/p.jpg"]);
  });
});
