import { describe, expect, test } from "bun:test";
import { readEventStream } from "../helpers/event-stream.ts";
import { useService } from "../helpers/harness.ts";
import { libraryBackground } from "../helpers/media.ts";
import { chatBody } from "../helpers/videos.ts";

describe("progress during the render", () => {
  const svc = useService("pglite", {}, { workers: true });

  test("a client following the progress stream sees the render move from 50 towards 100 in steps, not 50 then 100", async () => {
    const assetId = await libraryBackground(svc().dataDir);
    const { apiKey } = await svc().createAccount();
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: chatBody({}, { background: { assetId } }) });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const stream = readEventStream(await svc().request(`/v1/videos/${id}/events`, { key: apiKey }));
    const videos = (await stream.rest(150_000)).filter((e) => e.event === "video").map((e) => JSON.parse(e.data));
    expect(videos.at(-1)).toMatchObject({ status: "completed", progress: 100 });
    const rendering = videos.filter((v) => v.status === "rendering").map((v) => v.progress as number);
    expect(rendering[0]).toBe(50);
    // Each step is a write of the video and an event to every client: a few, not one a frame.
    expect(rendering.length).toBeLessThanOrEqual(12);
    expect(rendering).toEqual([...rendering].sort((a, b) => a - b));
    // From the encoder's own progress: values on the way, well before its end.
    expect(rendering.filter((p) => p > 50 && p < 95).length).toBeGreaterThanOrEqual(3);
  }, 180_000);
});
