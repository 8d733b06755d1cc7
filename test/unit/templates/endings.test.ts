import { expect, test } from "bun:test";
import { buildAss } from "../../../render/captions/ass.ts";
import type { Timeline } from "../../../render/timeline.ts";
import { buildOfflinePack } from "../../../src/content/quiz/pack.ts";
import { articleVideo } from "../../../src/templates/article-video/index.ts";
import { articleTimeline } from "../../../src/templates/article-video/production.ts";
import { planConversation } from "../../../src/templates/fake-text-message/conversation.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import { chatTimeline } from "../../../src/templates/fake-text-message/production.ts";
import { optionBox } from "../../../src/templates/quiz-video/cards.ts";
import { quizLines, quizTimeline, silentClip } from "../../../src/templates/quiz-video/quiz-plan.ts";
import { redditStory } from "../../../src/templates/reddit-story/index.ts";
import { storyTimeline } from "../../../src/templates/reddit-story/production.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const media = { backgroundPath: "bg.mp4", fitted: true, backgroundStartAt: 0, musicPath: null };
const words = (texts: string[]) => texts.map((text, i) => ({ text, start: 0.2 + i * 0.4, end: 0.55 + i * 0.4, charStart: 0, charEnd: text.length }));
const timeOf = (t: string) => {
  const [h, m, s] = t.split(":").map(Number);
  return h! * 3600 + m! * 60 + s!;
};

/** When the burned-in captions leave the screen for good: the end of the ASS script's last event. */
const captionsEnd = (timeline: Timeline) => Math.max(...[...buildAss(timeline.captions!).matchAll(/^Dialogue: 0,[^,]+,([^,]+),/gm)].map((m) => timeOf(m[1]!)));

/** Whether a layer or the captions cover every frame of the video's last second. */
function lastSecondCovered(timeline: Timeline): boolean {
  const from = timeline.duration - 1;
  const layers = timeline.layers.filter((l) => l.start <= from && l.end >= timeline.duration);
  return layers.length > 0 || (timeline.captions !== undefined && captionsEnd(timeline) >= timeline.duration - 1e-6);
}

test("a narrated video over footage ends on its last caption held, not on bare footage", () => {
  const article = articleTimeline(withDefaults(articleVideo, { source: { kind: "text", text: "x" } }), media, { audioPath: "n.wav", duration: 3.2, words: words(["The", "tide", "turns."]) });
  expect(lastSecondCovered(article)).toBe(true);
  const story = withDefaults(redditStory, { title: "My neighbour", text: "x".repeat(800) });
  const reddit = storyTimeline(story, media, { audioPath: "n.wav", duration: 4, words: words(["My", "neighbour", "and", "then", "it", "ended."]), titleWords: 2 }, { path: "title.png", height: 300 });
  expect(lastSecondCovered(reddit)).toBe(true);
});

test("a chat ends on its end card or on the chat itself, and a quiz on its outro card, to the last frame", () => {
  for (const endCard of [undefined, { line1: "Part 2?", seconds: 2 }]) {
    const inputs = withDefaults(fakeTextMessage, { contact: { name: "Sam" }, messages: [{ sender: "them", text: "hi" }], ...(endCard ? { endCard } : {}) });
    const plan = planConversation(inputs, [1]);
    const frames = plan.states.map((_, i) => ({ path: `c${i}.png`, width: 864, height: 600, x: 63 }));
    const drawn = { frames, captions: [], ...(endCard ? { endCard: { svg: "", width: 800, height: 300, path: "end.png" } } : {}) };
    expect(lastSecondCovered(chatTimeline(inputs, plan, media, { clips: [null] }, drawn))).toBe(true);
  }
  const pack = buildOfflinePack({ topic: "World capitals", difficulty: "easy", count: 5, seed: 4 });
  const lines = quizLines(pack, "Capitals");
  const narration = { intro: silentClip(lines.intro), questions: lines.questions.map((q) => ({ ask: silentClip(q.ask), reveal: silentClip(q.reveal) })), outro: silentClip(lines.outro) };
  const cards = {
    intro: "i.png",
    outro: "o.png",
    questions: pack.questions.map((q, i) => ({ question: `q${i}.png`, options: q.options.map((_, k) => ({ path: `o${i}${k}.png`, box: optionBox(q, k) })), reveal: `a${i}.png` })),
    digits: ["1.png", "2.png", "3.png", "4.png", "5.png"],
    bar: "bar.png",
  };
  const { timeline } = quizTimeline(narration, lines, cards, { countdownSeconds: 5, captionsEnabled: false, captionPreset: "classicWhite", background: { kind: "color", color: "#000000" } });
  expect(lastSecondCovered(timeline)).toBe(true);
});
