import { afterEach, describe, expect, test } from "bun:test";
import { startJobQueue } from "../../src/queue/job-queue.ts";
import { DATABASE_KINDS, freshDatabase } from "../helpers/databases.ts";

describe.each(DATABASE_KINDS)("pipeline workers on %s", (kind) => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  test("a job this process queues is fetched at once by its own workers, not at their next poll", async () => {
    const database = await freshDatabase(kind);
    closing.push(() => database.close());
    const queue = await startJobQueue(database, { databaseUrl: database.url ?? null, supervise: false, onError: () => {} });
    closing.push(() => queue.stop());
    // A poll far longer than the wait below: only the wake can bring the job in time.
    const POLL_SECONDS = 120;
    const taken: string[] = [];
    const ids = await queue.workPipeline(2, async (job) => void taken.push(job.data.videoId), POLL_SECONDS);
    expect(ids).toHaveLength(2);
    // Each worker's first fetch runs as it starts and finds nothing; the job comes after those.
    await Bun.sleep(1_000);
    expect(taken).toEqual([]);
    await database.db.transaction((tx) => queue.sendPipeline(tx, { videoId: "vid_woken" }));
    queue.pipelineQueued();
    const deadline = performance.now() + (POLL_SECONDS * 1000) / 4;
    while (taken.length === 0 && performance.now() < deadline) await Bun.sleep(50);
    expect(taken).toEqual(["vid_woken"]);
  }, 60_000);
});
