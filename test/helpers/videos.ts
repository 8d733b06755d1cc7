import type { TestService } from "./harness.ts";
import { redditStory } from "../../src/templates/reddit-story/index.ts";

/** A valid reddit_story create body; `extra` goes next to template and inputs. */
export function storyBody(extra: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}) {
  return { template: "reddit_story", inputs: { ...redditStory.examples.minimal, ...inputs }, ...extra };
}

/** Polls a video until `done` says so, under the 60 requests a minute limit. */
export async function waitForVideo(svc: TestService, apiKey: string, id: string, done: (v: any) => boolean, timeoutMs = 150_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await svc.request(`/v1/videos/${id}`, { key: apiKey });
    const video = (await res.json()) as any;
    if (res.status === 200 && done(video)) return video;
    if (Date.now() > deadline) throw new Error(`video ${id} stuck: ${JSON.stringify(video)}`);
    await Bun.sleep(1100); // under the 60 requests a minute
  }
}
