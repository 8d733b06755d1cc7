import { describe, expect, test } from "bun:test";
import { motionCrop, planLayers } from "../../../render/plan/layers.ts";
import { FPS, type ImageLayer, type Timeline, timelineProblems } from "../../../render/timeline.ts";

/** Evaluates a crop's y (or x) expression the way ffmpeg's expression evaluator would, at time t. */
function evaluate(expression: string, vars: Record<string, number>): number {
  const js = expression
    .replace(/'/g, "")
    .replace(/\b(min|max|floor|mod)\(/g, (_, f) => (f === "mod" ? "mod(" : `Math.${f}(`))
    .replace(/\b(t|oh|iw|ih)\b/g, (v) => `vars.${v}`);
  const mod = (a: number, b: number) => a - b * Math.floor(a / b);
  return new Function("vars", "mod", `return ${js};`)(vars, mod) as number;
}

const option = (crop: string, name: string) => crop.match(new RegExp(`(?:^crop=|:)${name}=('[^']*'|[^:]*)`))![1]!;

describe("layer plan", () => {
  const still: ImageLayer = { path: "/c/card.png", x: 90, y: 300, start: 2, end: 5, entrance: "pop" };
  const strip: ImageLayer = { path: "/c/pop.png", x: 500, y: 900, start: 3, end: 6, motion: { kind: "frames", count: 6, fps: 30 } };
  const dots: ImageLayer = { path: "/c/dots.png", x: 80, y: 900, start: 1, end: 3, motion: { kind: "frames", count: 4, fps: 8, loop: true } };
  const bar: ImageLayer = { path: "/c/bar.png", x: 60, y: 240, start: 10, end: 15, motion: { kind: "sweep", dx: 960, seconds: 5 } };

  test("each layer is one picture from its start, repeated for its window by loop, laid over the video in order", () => {
    const plan = planLayers([still, strip], 60, 1, "bg");
    expect(plan.inputs).toEqual(["-itsoffset", "2", "-framerate", String(FPS), "-i", "/c/card.png", "-itsoffset", "3", "-framerate", String(FPS), "-i", "/c/pop.png"]);
    // A still is converted to the overlay's format once, before it is repeated (3 s: 90 frames).
    expect(plan.filters[0]).toBe(`[1:v]format=yuva420p,loop=loop=89:size=1,setpts=STARTPTS+N/(${FPS}*TB),fade=in:st=2:d=0.25:alpha=1[l0]`);
    expect(plan.filters[1]).toStartWith("[bg][l0]overlay=x='90'");
    expect(plan.filters[2]).toStartWith(`[2:v]format=rgba,loop=loop=89:size=1,setpts=STARTPTS+N/(${FPS}*TB),crop=w=iw:h=ih/6:`);
    expect(plan.filters[3]).toStartWith("[v0][l1]overlay=x='500':y='900'");
    expect(plan.label).toBe("v1");
  });

  test("a layer's window ends with the video, and is never less than one frame", () => {
    const plan = planLayers([{ ...still, start: 58, end: 70 }, { ...still, start: 10, end: 10.001 }], 60, 1, "bg");
    expect(plan.filters[0]).toContain("loop=loop=59:size=1");
    expect(plan.filters[2]).toContain("loop=loop=0:size=1");
  });

  test("a strip of frames steps at its rate from the layer's start and holds its last frame", () => {
    const crop = motionCrop(strip.motion!, strip.start);
    const y = option(crop, "y");
    const oh = 200;
    // Frame k of the video from the layer's start shows strip frame k, on the exact frame times.
    for (let k = 0; k < 12; k++) expect(evaluate(y, { t: strip.start + k / FPS, oh })).toBe(Math.min(5, k) * oh);
  });

  test("a looping strip starts again after its last frame", () => {
    const y = option(motionCrop(dots.motion!, dots.start), "y");
    const shown = Array.from({ length: 10 }, (_, k) => evaluate(y, { t: dots.start + k / 8, oh: 50 }) / 50);
    expect(shown).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
  });

  test("a sweep slides its window across the PNG over its seconds, then holds", () => {
    const crop = motionCrop(bar.motion!, bar.start);
    expect(option(crop, "w")).toBe("iw-960");
    const x = option(crop, "x");
    expect(evaluate(x, { t: 10 })).toBe(0);
    expect(evaluate(x, { t: 12.5 })).toBe(480);
    expect(evaluate(x, { t: 15 })).toBe(960);
    expect(evaluate(x, { t: 16 })).toBe(960);
  });

  test("a timeline with an impossible motion is refused before ffmpeg runs", () => {
    const timeline: Timeline = { duration: 20, background: { kind: "color", color: "#000000" }, layers: [strip, bar], audio: [] };
    expect(timelineProblems(timeline)).toEqual([]);
    const broken = { ...timeline, layers: [{ ...strip, motion: { kind: "frames" as const, count: 0, fps: 30 } }, { ...bar, motion: { kind: "sweep" as const, dx: 10, seconds: 0 } }] };
    expect(timelineProblems(broken)).toHaveLength(2);
  });
});
