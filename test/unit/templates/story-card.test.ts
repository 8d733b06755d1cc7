import { expect, test } from "bun:test";
import { insideSafeArea } from "../../../render/safe-area.ts";
import { redditStory } from "../../../src/templates/reddit-story/index.ts";
import { storyTimeline } from "../../../src/templates/reddit-story/production.ts";
import { titleCardSvg } from "../../../src/templates/reddit-story/title-card.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const media = { backgroundPath: "bg.mp4", fitted: true, backgroundStartAt: 0, musicPath: null };
const narration = { audioPath: "n.wav", duration: 6, words: [{ text: "Title", start: 0, end: 0.5, charStart: 0, charEnd: 5 }], titleWords: 1 };

test.each([
  ["a short title", "AITA for skipping the wedding?"],
  ["the longest title", "W".repeat(40) + " my neighbour kept parking in my spot so I did something about it ".repeat(3).slice(0, 160)],
])("the title card with %s lies inside the platforms' safe area, clear of the right-hand buttons", (_, title) => {
  const inputs = withDefaults(redditStory, { title, text: "x".repeat(800) });
  const card = titleCardSvg(inputs.title, inputs.author, "dark");
  const layer = storyTimeline(inputs, media, narration, { path: "title.png", height: card.height }).layers[0]!;
  expect(insideSafeArea({ x: layer.x, y: layer.y, width: card.width, height: card.height })).toBe(true);
});
