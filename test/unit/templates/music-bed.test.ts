import { describe, expect, test } from "bun:test";
import { timelineProblems, type Timeline } from "../../../render/timeline.ts";
import { buildOfflinePack } from "../../../src/content/quiz/pack.ts";
import type { MediaLibrary } from "../../../src/media/library.ts";
import { articleVideo } from "../../../src/templates/article-video/index.ts";
import { articleTimeline } from "../../../src/templates/article-video/production.ts";
import { planConversation } from "../../../src/templates/fake-text-message/conversation.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import { chatTimeline } from "../../../src/templates/fake-text-message/production.ts";
import { prepareMedia } from "../../../src/templates/media-choice.ts";
import { bedVolume, DEFAULT_MUSIC_VOLUME } from "../../../src/templates/music-bed.ts";
import { optionBox } from "../../../src/templates/quiz-video/cards.ts";
import { quizLines, quizTimeline } from "../../../src/templates/quiz-video/quiz-plan.ts";
import { redditStory } from "../../../src/templates/reddit-story/index.ts";
import { storyTimeline, TITLE_BEAT_SECONDS } from "../../../src/templates/reddit-story/production.ts";
import type { ProductionContext } from "../../../src/templates/template.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const media = { backgroundPath: "bg.mp4", fitted: true, backgroundStartAt: 0, musicPath: "bed.wav" };
/** Sentences of five words (0.3 s each, 0.08 s apart) with 0.9 s between sentences, as a narrator reads. */
const words = (count: number, from = 0.05) =>
  Array.from({ length: count }, (_, k) => {
    const start = from + Math.floor(k / 5) * 2.72 + (k % 5) * 0.38;
    return { text: `w${k}`, start, end: start + 0.3, charStart: 0, charEnd: 2 };
  });
const lastWord = (t: Timeline, spoken: { end: number }[]) => t.duration - Math.max(...spoken.map((w) => w.end));
const bed = (t: Timeline) => t.audio.filter((a) => a.kind === "music");

describe("every template plays a bed under its voice, ducked in its speech windows", () => {
  test("reddit_story: the story's bed at the caller's volume (the default 30: 9 dB under the voice), ducked under title and story; a beat between them; it ends 0.4 s after the last word", () => {
    const spoken = words(20);
    // The first sentence is the title; the recording runs on after the last word: the video does not.
    const narration = { audioPath: "n.wav", duration: spoken.at(-1)!.end + 0.9, words: spoken, titleWords: 5 };
    const story = storyTimeline(withDefaults(redditStory, { title: "My neighbour", text: "x".repeat(800) }), media, narration, { path: "title.png", height: 300 });
    expect(timelineProblems(story)).toEqual([]);
    expect(bed(story)).toEqual([{ path: "bed.wav", start: 0, volume: bedVolume(DEFAULT_MUSIC_VOLUME), kind: "music", loop: true }]);
    // The recording is split in the pause after the title, and the story plays TITLE_BEAT_SECONDS later.
    const splitAt = (spoken[4]!.end + spoken[5]!.start) / 2;
    expect(story.audio.filter((a) => a.kind === "narration")).toEqual([
      { path: "n.wav", start: 0, length: Math.round(splitAt * 1000) / 1000, volume: 1, kind: "narration" },
      { path: "n.wav", start: Math.round(splitAt * 1000) / 1000 + TITLE_BEAT_SECONDS, from: Math.round(splitAt * 1000) / 1000, volume: 1, kind: "narration" },
    ]);
    const r = (x: number) => Math.round(x * 1000) / 1000;
    expect(story.speech).toEqual([0, 1, 2, 3].map((s) => ({ start: r(0.05 + s * 2.72 + (s > 0 ? TITLE_BEAT_SECONDS : 0)), end: r(0.05 + s * 2.72 + 1.82 + (s > 0 ? TITLE_BEAT_SECONDS : 0)) })));
    expect(story.captions!.words[0]!.start).toBeCloseTo(spoken[5]!.start + TITLE_BEAT_SECONDS, 6);
    const lastWordEnd = spoken.at(-1)!.end + TITLE_BEAT_SECONDS;
    expect(story.duration - lastWordEnd).toBeGreaterThan(0.35);
    expect(story.duration - lastWordEnd).toBeLessThanOrEqual(0.5);
    const quieter = storyTimeline(withDefaults(redditStory, { title: "t", text: "x".repeat(800), backgroundAudioVolume: 0 }), media, narration, { path: "title.png", height: 300 });
    expect(bed(quieter)).toEqual([]);
  });

  test("article_video: the chosen loop at the default bed, ducked under the words; a silent article's bed is never ducked", () => {
    const spoken = words(10);
    const inputs = withDefaults(articleVideo, { source: { kind: "text", text: "x" } });
    const article = articleTimeline(inputs, media, { audioPath: "n.wav", duration: spoken.at(-1)!.end + 0.2, words: spoken });
    expect(bed(article)[0]!.volume).toBe(bedVolume(DEFAULT_MUSIC_VOLUME));
    expect(article.speech).toHaveLength(2);
    expect(lastWord(article, spoken)).toBeLessThanOrEqual(0.5);
    expect(articleTimeline(inputs, media, { audioPath: null, duration: 5, words: spoken }).speech).toEqual([]);
  });

  test("fake_text_message: ducked under each voiced message's words, up between messages and under an unvoiced one", () => {
    const inputs = withDefaults(fakeTextMessage, { contact: { name: "Sam" }, messages: [{ sender: "them", text: "you up?" }, { sender: "me", text: "😂" }, { sender: "me", text: "yes why" }] });
    const plan = planConversation(inputs, [1, undefined, 0.8]);
    const w = (pairs: [string, number][]) => pairs.map(([text, start]) => ({ text, start, end: start + 0.3 }));
    const voices = { clips: [{ audioPath: "a.wav", duration: 1, words: w([["you", 0.05], ["up?", 0.45]]) }, null, { audioPath: "c.wav", duration: 0.8, words: w([["yes", 0.05], ["why", 0.4]]) }] };
    const frames = plan.states.map((_, i) => ({ path: `c${i}.png`, width: 864, height: 600, x: 108 }));
    const chat = chatTimeline(inputs, plan, media, voices, { frames, captions: [] });
    expect(bed(chat)[0]!.volume).toBe(bedVolume(DEFAULT_MUSIC_VOLUME));
    const at = (i: number, t: number) => Math.round((plan.appearAt[i]! + t) * 1000) / 1000;
    expect(chat.speech).toEqual([{ start: at(0, 0.05), end: at(0, 0.75) }, { start: at(2, 0.05), end: at(2, 0.7) }]);
    // The unvoiced message is held a reader's beat: the voice pauses under a second.
    expect(plan.appearAt[2]! - (plan.appearAt[0]! + 1)).toBeLessThan(1);
    expect(chat.duration - (plan.appearAt[2]! + 0.7)).toBeLessThanOrEqual(0.5);
    const off = chatTimeline(withDefaults(fakeTextMessage, { ...inputs, music: { volume: 0 } }), plan, media, voices, { frames, captions: [] });
    expect(bed(off)).toEqual([]);
  });

  test("quiz_video: ducked under every line, up through the countdowns", () => {
    const pack = buildOfflinePack({ topic: "World capitals", difficulty: "easy", count: 5, seed: 4 });
    const lines = quizLines(pack, "Capitals");
    const clip = (seconds: number) => ({ audioPath: "l.wav", duration: seconds, words: words(Math.max(1, Math.round(seconds / 0.4)), 0.05).filter((x) => x.end < seconds - 0.1) });
    const narration = { intro: clip(1.5), questions: lines.questions.map(() => ({ ask: clip(3.5), reveal: clip(3) })), outro: clip(1.2) };
    const cards = {
      intro: "i.png",
      outro: "o.png",
      questions: pack.questions.map((q, i) => ({ question: `q${i}.png`, options: q.options.map((_, k) => ({ path: `o${i}${k}.png`, box: optionBox(q, k) })), reveal: `a${i}.png` })),
      digits: ["1.png", "2.png", "3.png", "4.png", "5.png"],
      bar: "bar.png",
    };
    const { timeline, countdowns } = quizTimeline(narration, lines, cards, { countdownSeconds: 5, captionsEnabled: false, captionPreset: "classicWhite", background: { kind: "color", color: "#000000" } });
    expect(timelineProblems(timeline)).toEqual([]);
    expect(timeline.speech!.length).toBeGreaterThan(10);
    for (const c of countdowns) expect(timeline.speech!.some((s) => s.start < c.end - 0.5 && s.end > c.start + 0.5)).toBe(false);
  });
});

describe("the media stage picks the default bed", () => {
  const library: MediaLibrary = {
    backgrounds: () => [{ id: "bg_subway", name: "s", category: "Subway Surfers", file: "s.mp4", thumbnail: null }],
    music: () => [
      { id: "music_chill_a", name: "a", category: "chill", file: "chill-a.wav" },
      { id: "music_upbeat_b", name: "b", category: "upbeat", file: "upbeat-b.wav" },
    ],
    findBackground: () => undefined,
    findMusic: (id) => (id === "music_upbeat_b" ? { id, name: "b", category: "upbeat", file: "upbeat-b.wav" } : undefined),
    soundEffect: () => undefined,
  };
  const ctx = { videoId: "vid_1", accountId: "acc_1", inputs: {}, projectId: null, workDir: "/tmp", ports: { library } } as unknown as ProductionContext;

  test("a loop of the template's mood when the caller names none; the caller's own choice; none at volume 0", async () => {
    expect((await prepareMedia(ctx, {}, { volume: 30, defaultMood: "chill" })).musicPath).toBe("chill-a.wav");
    expect((await prepareMedia(ctx, {}, { assetId: "music_upbeat_b", volume: 30, defaultMood: "chill" })).musicPath).toBe("upbeat-b.wav");
    expect((await prepareMedia(ctx, {}, { volume: 0, defaultMood: "chill" })).musicPath).toBeNull();
  });
});
