import { redditStory } from "../../src/templates/reddit-story/inputs.ts";

/** A valid reddit_story create body; `extra` goes next to template and inputs. */
export function storyBody(extra: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}) {
  return { template: "reddit_story", inputs: { ...redditStory.examples.minimal, ...inputs }, ...extra };
}
