import { describe, expect, test } from "bun:test";
import { libx264Settings } from "../../../render/plan/encoder.ts";
import { relocateTask, segmentWindows, taskFiles, type WindowTask, windowTimeline } from "../../../render/plan/segments.ts";
import type { Timeline } from "../../../render/timeline.ts";
import { windowOutputKeys } from "../../../src/videos/segment-jobs.ts";

const timeline: Timeline = {
  duration: 30,
  background: { kind: "video", path: "/cache/a.mp4", next: ["/cache/b.mp4", "/cache/c.mp4"], startAt: 3 },
  layers: [
    { path: "/work/vid_1/title.png", x: 0, y: 0, start: 0, end: 4 },
    { path: "/work/vid_1/card.png", x: 0, y: 0, start: 9, end: 13 },
    { path: "/work/vid_1/title.png", x: 0, y: 0, start: 25, end: 30 },
  ],
  audio: [{ path: "/work/vid_1/voice.wav", start: 0, volume: 1, kind: "narration" }],
};
const windows = segmentWindows(30, 3, 60);
const taskOf = (index: number): WindowTask => ({
  window: windows[index]!,
  timeline: windowTimeline(timeline, windows[index]!),
  clips: ["/cache/a.mp4", "/cache/b.mp4", "/cache/c.mp4"].map((path) => ({ path, seconds: 20 })),
  encoder: libx264Settings("ultrafast"),
  stills: { posterFrame: 45, sheetTimes: [1, 4, 7, 10, 13, 16, 19, 22, 25] },
});

describe("a window's task, as another worker gets it", () => {
  test("names the files the window reads, each once: the background's clips and its layers' PNGs, not the audio", () => {
    expect(taskFiles(taskOf(1))).toEqual(["/cache/a.mp4", "/cache/b.mp4", "/cache/c.mp4", "/work/vid_1/card.png"]);
    expect(taskFiles(taskOf(2))).toEqual(["/cache/a.mp4", "/cache/b.mp4", "/cache/c.mp4", "/work/vid_1/title.png"]);
  });

  test("moves every file onto the other machine's copies and leaves the rest of the task as it was", () => {
    const task = taskOf(1);
    const moved = new Map(taskFiles(task).map((path) => [path, `/elsewhere${path}`]));
    const there = relocateTask(task, moved);
    expect(taskFiles(there)).toEqual(taskFiles(task).map((path) => `/elsewhere${path}`));
    expect(there.timeline.background).toEqual({ ...task.timeline.background, path: "/elsewhere/cache/a.mp4", next: ["/elsewhere/cache/b.mp4", "/elsewhere/cache/c.mp4"] } as never);
    expect({ ...there, timeline: { ...there.timeline, background: task.timeline.background, layers: task.timeline.layers }, clips: task.clips } as WindowTask).toEqual(task);
    expect(there.timeline.layers.map((l) => ({ ...l, path: "" }))).toEqual(task.timeline.layers.map((l) => ({ ...l, path: "" })));
    // Plain data: it goes through JSON unchanged.
    expect(JSON.parse(JSON.stringify(there))).toEqual(there);
  });

  test("the keys a window's worker may write are the attempt's own, listed before they are written", () => {
    expect(windowOutputKeys("vid_1", 2, taskOf(1))).toEqual([
      "segment-vid_1-a2-w1-segment.mp4",
      "segment-vid_1-a2-w1-poster.jpg",
      ...Array.from({ length: 9 }, (_, i) => `segment-vid_1-a2-w1-tile-0${i}.png`),
    ]);
    expect(windowOutputKeys("vid_1", 2, { ...taskOf(1), stills: undefined })).toEqual(["segment-vid_1-a2-w1-segment.mp4"]);
  });
});
