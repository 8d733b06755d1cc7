import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probe } from "../../render/ffmpeg.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { createRenderPool } from "../../render/pool.ts";
import type { Timeline } from "../../render/timeline.ts";

const dir = mkdtempSync(join(tmpdir(), "pool-"));
const pool = createRenderPool({ settings: libx264Settings("ultrafast"), reason: "test" }, { maxConcurrentRenders: 1, threads: 2 });
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("render pool", () => {
  test("draws SVG cards to PNG and renders them, one render at a time, with progress", async () => {
    const card = join(dir, "card.png");
    await pool.drawSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300" rx="40" fill="#ffffff"/><text x="50" y="170" font-size="64" fill="#111">Hello</text></svg>`, card);
    const png = await probe(card);
    expect([png.streams[0]!.width, png.streams[0]!.height]).toEqual([600, 300]);
    const timeline = (i: number): Timeline => ({
      duration: 2,
      background: { kind: "color", color: i ? "#203040" : "#402030" },
      layers: [{ path: card, x: 240, y: 800, start: 0.2, end: 1.8, entrance: "fade" }],
      audio: [],
    });
    const progress: number[][] = [[], []];
    const seen: number[] = [];
    const runs = [0, 1].map((i) =>
      pool.render(timeline(i), join(dir, `out-${i}.mp4`), {
        onProgress: (f) => {
          progress[i]!.push(f);
          seen.push(pool.stats().rendersRunning);
        },
      }),
    );
    expect(pool.stats().rendersWaiting).toBe(1);
    await Promise.all(runs);
    expect(Math.max(...seen)).toBe(1);
    for (const i of [0, 1]) {
      expect(progress[i]!.at(-1)).toBeGreaterThan(0.8);
      expect(Number((await probe(join(dir, `out-${i}.mp4`))).format.duration)).toBeCloseTo(2, 1);
    }
  }, 60_000);
});

describe("a render pool with idle cores", () => {
  // Four cores, two renders at once (a share of two cores each). The memory is named, and large, so that
  // the cut depends neither on what the test host has free nor on the runs' measured peaks: a child's
  // peak as the kernel reports it includes the spawning process's memory at the spawn (in a test process
  // that has run many files, gigabytes), so a few runs' worth would be "full" after the first render.
  const wide = createRenderPool({ settings: libx264Settings("ultrafast"), reason: "test" }, { maxConcurrentRenders: 2, threads: 2, cores: 4, memoryBytes: 64 * 1024 ** 3 });
  afterAll(() => wide.close());
  // 40 s: worth five segments of 8 s, so the cut shows how many cores a render was given.
  const timeline = (color: string): Timeline => ({ duration: 40, background: { kind: "color", color }, layers: [], audio: [] });

  test("cuts a lone video over every idle core, a core a segment; renders that waited cut on their own share; reports segments done", async () => {
    const counts: string[] = [];
    const first = wide.render(timeline("#102030"), join(dir, "wide-0.mp4"), { onProgress: (_, s) => s && counts.push(`${s.done}/${s.count}`) });
    await Bun.sleep(0);
    // Two more arrive while the first holds all four cores: they wait, then run at once, two cores each.
    const second = wide.render(timeline("#203010"), join(dir, "wide-1.mp4"));
    const third = wide.render(timeline("#301020"), join(dir, "wide-2.mp4"));
    expect(wide.stats().rendersWaiting).toBe(2);
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(a.segments?.seconds).toHaveLength(4);
    expect(b.segments?.seconds).toHaveLength(2);
    expect(c.segments?.seconds).toHaveLength(2);
    expect(counts.at(-1)).toBe("4/4");
    for (const i of [0, 1, 2]) expect(Number((await probe(join(dir, `wide-${i}.mp4`))).format.duration)).toBeCloseTo(40, 1);
  }, 300_000);
});

describe("a render pool with idle cores and little memory", () => {
  // Four cores, one render at a time, and 64 MiB for its runs, counted at first at 1 byte a run.
  const narrow = createRenderPool({ settings: libx264Settings("ultrafast"), reason: "test" }, { maxConcurrentRenders: 1, threads: 2, cores: 4, memoryBytes: 64 * 1024 ** 2, runPeakBytes: 1 });
  afterAll(() => narrow.close());
  const timeline: Timeline = { duration: 17, background: { kind: "color", color: "#405060" }, layers: [], audio: [] };

  test("counts each run at the largest peak it has seen, and renders a lone video in no more segments than fit", async () => {
    const first = await narrow.render(timeline, join(dir, "narrow-0.mp4"));
    expect(first.segments?.seconds).toHaveLength(2);
    expect(narrow.stats().runPeakBytes).toBe(first.maxRssBytes);
    // A 1080x1920 run peaks far above 32 MiB: two no longer fit, and the same lone video renders whole.
    const second = await narrow.render(timeline, join(dir, "narrow-1.mp4"));
    expect(first.maxRssBytes).toBeGreaterThan(32 * 1024 ** 2);
    expect(second.segments).toBeUndefined();
    expect(Number((await probe(join(dir, "narrow-1.mp4"))).format.duration)).toBeCloseTo(17, 1);
  }, 300_000);
});
