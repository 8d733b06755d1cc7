import { describe, expect, test } from "bun:test";
import { type Narration, type NarrationRequest, narrateLines } from "../../../src/narration/narrator.ts";

/** A narrator that takes `ms` per line and records how many lines it is given at once. */
function timedNarrator(ms: (text: string) => number, fail?: string) {
  let running = 0;
  const seen = { most: 0, started: [] as string[], finished: [] as string[] };
  const narrator = {
    provider: "test",
    languages: ["en"],
    async narrate(request: NarrationRequest, outPath: string): Promise<Narration> {
      running++;
      seen.most = Math.max(seen.most, running);
      seen.started.push(request.text);
      await Bun.sleep(ms(request.text));
      running--;
      seen.finished.push(request.text);
      if (request.text === fail) throw new Error(`cannot say ${fail}`);
      return { audioPath: outPath, duration: 1, words: [], provider: "test" };
    },
  };
  return { narrator, seen };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `line ${i}`, voiceId: "v" }));

describe("narrateLines", () => {
  test("runs as many lines at once as it is allowed, and keeps each clip in its line's place", async () => {
    const { narrator, seen } = timedNarrator((text) => (text.endsWith("0") ? 30 : 5));
    const clips = await narrateLines(narrator, lines(9), "/out", 3);
    expect(seen.most).toBe(3);
    expect(clips.map((c) => c.audioPath)).toEqual(Array.from({ length: 9 }, (_, i) => `/out/line-00${i}.wav`));
    // The slow first line did not hold the others back.
    expect(seen.finished.indexOf("line 0")).toBeGreaterThan(0);
  });

  test("one at a time when told so", async () => {
    const { narrator, seen } = timedNarrator(() => 1);
    await narrateLines(narrator, lines(4), "/out", 1);
    expect(seen.most).toBe(1);
    expect(seen.finished).toEqual(["line 0", "line 1", "line 2", "line 3"]);
  });

  test("after a failure no new line starts, and the running ones finish before the error is thrown", async () => {
    const { narrator, seen } = timedNarrator((text) => (text === "line 1" ? 1 : 20), "line 1");
    await expect(narrateLines(narrator, lines(8), "/out", 2)).rejects.toThrow("cannot say line 1");
    expect(seen.started).toEqual(["line 0", "line 1"]);
    expect(seen.finished).toEqual(["line 1", "line 0"]);
  });
});
