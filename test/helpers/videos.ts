import type { TestService } from "./harness.ts";

/**
 * A story at the template's shortest (its text takes 800 characters at least), read at its fastest voice
 * speed: most tests that render a reddit_story are about what happens around the render, and a shorter
 * narration is a shorter render (about 48 s of video against the template's example's 72 s).
 */
export const TEST_STORY = {
  title: "AITA for taking my own ladder back from my neighbour?",
  text:
    "My neighbour (41M) borrowed my ladder in March to clean his gutters. He said he would bring it back that weekend. " +
    "By May it was still leaning against his shed, and when I asked for it he said he was still using it. In June I needed " +
    "it to paint my fence, so I walked over and took it back while he was at work, and I left a note on his door thanking " +
    "him for keeping it dry. That evening he knocked and told me I had trespassed, that I should have waited for him to " +
    "come home, and that he had planned to return it the next day anyway. He has not waved at me once since that night. " +
    "Now half the street thinks I was petty and the other half says three months is long enough. My wife says I should " +
    "bring him a beer and let it go. I think he owes me the beer. So, am I the jerk here for taking my own ladder back?",
  voiceSpeed: 1.25,
};

/**
 * A valid fake_text_message create body of six short messages (a video of about 15 s); `extra` goes next
 * to template and inputs. For the tests of what happens to a video's process or database mid-render: any
 * narrated template does, and this one renders in a fraction of a story's time.
 */
export function chatBody(extra: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}) {
  const messages = [
    { sender: "them", text: "Did you borrow my ladder?" },
    { sender: "me", text: "In March. You said keep it." },
    { sender: "them", text: "For a weekend, not a season." },
    { sender: "me", text: "It's been very useful." },
    { sender: "them", text: "I need it back today." },
    { sender: "me", text: "Fine. Bring beer." },
  ];
  return { template: "fake_text_message", inputs: { contact: { name: "Neighbour" }, messages, ...inputs }, ...extra };
}

/** A valid reddit_story create body; `extra` goes next to template and inputs. */
export function storyBody(extra: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}) {
  return { template: "reddit_story", inputs: { ...TEST_STORY, ...inputs }, ...extra };
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
