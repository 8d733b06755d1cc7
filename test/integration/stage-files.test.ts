import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createLocalStorage, type Storage } from "../../src/storage/local.ts";
import { createS3Storage } from "../../src/storage/s3.ts";
import { fakeTextMessage } from "../../src/templates/fake-text-message/index.ts";
import { dropStageFiles, keepStageFiles, relocateOutputs, restoreStageFiles } from "../../src/videos/stage-files.ts";
import { useObjectStore } from "../helpers/object-store.ts";

/** A stage's files made on one machine are found by an attempt on another, whose working folder is elsewhere. */

const { store: objectStore, tempDir } = useObjectStore("stage-files");

/** Two machines' views of one storage: a shared folder, or one bucket with a cache on each machine. */
const SHARED: Record<string, () => [Storage, Storage]> = {
  local: () => {
    const dir = tempDir();
    const key = Buffer.alloc(32, 1);
    return [createLocalStorage(dir, "http://files.test", key), createLocalStorage(dir, "http://files.test", key)];
  },
  s3: () => {
    const location = objectStore().location(`stages/${crypto.randomUUID()}`);
    return [createS3Storage(location, tempDir()), createS3Storage(location, tempDir())];
  },
};

test("outputs made in another machine's working folder are moved onto this one's; other paths stay", () => {
  const outputs = { narrating: { audioPath: "/data-a/work/vid_1/narration.wav", words: [{ text: "hi" }] }, preparing_media: { video: "/data-a/videos/media-med_1.mp4" } };
  expect(relocateOutputs(outputs, "vid_1", "/data-b/work/vid_1")).toEqual({
    narrating: { audioPath: "/data-b/work/vid_1/narration.wav", words: [{ text: "hi" }] },
    preparing_media: { video: "/data-a/videos/media-med_1.mp4" },
  });
});

describe.each(Object.keys(SHARED))("stage files through %s storage", (kind) => {
  test("kept by machine A, restored on machine B from its relocated output, dropped when the video is done", async () => {
    const [a, b] = SHARED[kind]!();
    const workA = join(tempDir(), "work", "vid_2");
    mkdirSync(workA, { recursive: true });
    const narration = join(workA, "narration.wav");
    writeFileSync(narration, "the narration");
    const outside = join(tempDir(), "media-med_2.mp4");
    writeFileSync(outside, "imported media");
    await keepStageFiles(a, "vid_2", workA, [narration, outside]);

    const workB = join(tempDir(), "work", "vid_2");
    const [moved] = relocateOutputs([narration], "vid_2", workB);
    expect(moved).toBe(join(workB, "narration.wav"));
    expect(await restoreStageFiles(b, "vid_2", workB, [moved!])).toBe(true);
    expect(readFileSync(moved!, "utf8")).toBe("the narration");
    // Only files of the working folder are kept: one elsewhere that is gone means the stage runs again.
    expect(await restoreStageFiles(b, "vid_2", workB, [join(tempDir(), "gone.mp4")])).toBe(false);

    await dropStageFiles(b, { stages: ["narrating"], stageFiles: () => [moved!] }, "vid_2", workB, { narrating: { audioPath: moved } });
    rmSync(workB, { recursive: true });
    const workC = join(tempDir(), "work", "vid_2");
    expect(await restoreStageFiles(a, "vid_2", workC, [join(workC, "narration.wav")])).toBe(false);
    expect(existsSync(outside)).toBe(true);
  });
});

test("dropping a finished video's stage files passes over an output its template cannot read, and drops the rest", async () => {
  const [storage] = SHARED.local!();
  const work = join(tempDir(), "work", "vid_3");
  mkdirSync(work, { recursive: true });
  const media = join(work, "image.png");
  const narration = join(work, "narration.wav");
  for (const file of [media, narration]) writeFileSync(file, "stage file");
  await keepStageFiles(storage, "vid_3", work, [media, narration]);
  const stored = { preparing_media: { backgroundPath: "/lib/loop.mp4", fitted: true, musicPath: null, avatar: null, images: { img_1: { path: media, width: 1, height: 1 } } }, narrating: { clips: "not clips" } };
  // fake_text_message's narrating output is malformed here: its files cannot be named, and the drop goes on.
  await dropStageFiles(storage, fakeTextMessage, "vid_3", work, stored);
  rmSync(work, { recursive: true });
  expect(await restoreStageFiles(storage, "vid_3", work, [media])).toBe(false);
  expect(await restoreStageFiles(storage, "vid_3", work, [narration])).toBe(true);
});
