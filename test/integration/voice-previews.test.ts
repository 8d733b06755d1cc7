import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import type { Narration, Narrator } from "../../src/narration/narrator.ts";
import { createVoicePreviews } from "../../src/narration/previews.ts";
import { createLocalStorage, type Storage } from "../../src/storage/local.ts";
import { createS3Storage } from "../../src/storage/s3.ts";
import { useObjectStore } from "../helpers/object-store.ts";

/** A voice sample made on one machine is served by every other from storage, not narrated again. */

const { store: objectStore, tempDir } = useObjectStore("voice-previews");

/** A narrator that speaks a tone and counts its calls. */
function toneNarrator(): Narrator & { calls: number } {
  const narrator = {
    provider: "offline",
    languages: ["en"],
    calls: 0,
    async narrate(_request: unknown, outPath: string) {
      narrator.calls++;
      await runFfmpeg(["-f", "lavfi", "-i", "sine=f=440:d=2", outPath]);
      return { durationSeconds: 2, words: [] } as unknown as Narration;
    },
  };
  return narrator;
}

const SHARED: Record<string, () => [Storage, Storage]> = {
  local: () => {
    const dir = tempDir();
    return [createLocalStorage(dir, "http://files.test", Buffer.alloc(32, 2)), createLocalStorage(dir, "http://files.test", Buffer.alloc(32, 2))];
  },
  s3: () => {
    const location = objectStore().location(`voices/${crypto.randomUUID()}`);
    return [createS3Storage(location, tempDir()), createS3Storage(location, tempDir())];
  },
};

describe.each(Object.keys(SHARED))("voice samples in %s storage", (kind) => {
  test("machine A narrates the sample once; machine B serves the same bytes without narrating", async () => {
    const [a, b] = SHARED[kind]!();
    const [narratorA, narratorB] = [toneNarrator(), toneNarrator()];
    const onA = createVoicePreviews(a, tempDir(), narratorA);
    const onB = createVoicePreviews(b, tempDir(), narratorB);
    const first = await onA.sample("FGY2WhTYpPnrIDTdsKH5");
    expect(await onA.sample("FGY2WhTYpPnrIDTdsKH5")).toBe(first!);
    const second = await onB.sample("FGY2WhTYpPnrIDTdsKH5");
    expect([narratorA.calls, narratorB.calls]).toEqual([1, 0]);
    expect(readFileSync(second!).equals(readFileSync(first!))).toBe(true);
    expect(await onB.sample("no-such-voice")).toBeUndefined();
  }, 60_000);
});
