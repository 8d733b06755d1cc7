import { describe, expect, test } from "bun:test";
import { silentLogger } from "../../../src/kernel/logger.ts";
import { createMetrics } from "../../../src/metrics/prometheus.ts";
import { renderingLabel } from "../../../src/videos/pipeline.ts";

describe("segmented renders", () => {
  test("are counted by their segments and their joins, by template; whole renders count neither", async () => {
    const metrics = createMetrics({ videos: async () => [], queues: async () => [] }, silentLogger);
    metrics.recorder.segmentedRender("reddit_story", 3);
    metrics.recorder.segmentedRender("reddit_story", 4);
    metrics.recorder.render("quiz_video", 30, 12);
    const text = await metrics.scrape();
    expect(text).toContain('shortvid_render_segments_total{template="reddit_story"} 7');
    expect(text).toContain('shortvid_render_joins_total{template="reddit_story"} 2');
    expect(text).not.toContain('shortvid_render_joins_total{template="quiz_video"}');
  });

  test("the rendering stage says how many segments are done", () => {
    expect(renderingLabel({ done: 2, count: 3 })).toBe("Rendering the video (2 of 3 segments done)");
  });
});
