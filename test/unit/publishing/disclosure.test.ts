import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { disclosureOf } from "../../../src/publishing/disclosure.ts";
import { DIGITAL_SOURCE_TYPES, DisclosureSchema } from "../../../src/publishing/model.ts";
import { TEMPLATES } from "../../../src/templates/registry.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const library = { backgroundPath: "/lib/bg.mp4", fitted: false, musicPath: "/lib/music.mp3" };
const own = { backgroundPath: "/media/own-footage.mp4", fitted: true, musicPath: "/media/own-music.mp3" };

function disclosure(id: string, inputs: object, outputs: Record<string, unknown> = {}) {
  const template = TEMPLATES.find(id)!;
  const made = template.madeOf(withDefaults(template, inputs), outputs);
  return { made, disclosure: disclosureOf(made) };
}

describe("the AI disclosure", () => {
  test("generated words and voice are trainedAlgorithmicMedia; the caller's own story or chat with a synthetic voice is a composite", () => {
    const article = disclosure("article_video", { source: { kind: "text", text: "x" } }).disclosure;
    expect(article.synthetic).toEqual(["voice", "script"]);
    expect(article.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia);
    const quiz = disclosure("quiz_video", { topic: "chemical elements" }).disclosure;
    expect(quiz.synthetic).toEqual(["voice", "questions"]);
    expect(quiz.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia);
    const reddit = TEMPLATES.find("reddit_story")!;
    const story = disclosure("reddit_story", reddit.examples.full, { preparing_media: library }).disclosure;
    expect(story.synthetic).toEqual(["voice"]);
    expect(story.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
    const chat = TEMPLATES.find("fake_text_message")!;
    const texts = disclosure("fake_text_message", chat.examples.full, { preparing_media: { ...library, avatar: null, images: {} } }).disclosure;
    expect(texts.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
    for (const d of [article, quiz, story, texts]) {
      expect([...Value.Errors(DisclosureSchema, d)]).toEqual([]);
      expect(d.containsSyntheticMedia).toBe(true);
      expect(Object.values(d.platforms).every((p) => p.value)).toBe(true);
    }
  });

  test("a silent video discloses no voice; nothing generated is a digital creation with every switch off", () => {
    expect(disclosure("quiz_video", { topic: "chemical elements", silent: true }).disclosure.synthetic).toEqual(["questions"]);
    expect(disclosure("article_video", { source: { kind: "text", text: "x" }, silent: true }).disclosure.synthetic).toEqual(["script"]);
    const none = disclosureOf({ synthetic: [], callerWords: true, callerMedia: [] });
    expect(none.containsSyntheticMedia).toBe(false);
    expect(none.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.digitalCreation);
    expect(Object.values(none.platforms).some((p) => p.value)).toBe(false);
  });

  test("the caller's own footage and music are named as their media, the library's are not", () => {
    const reddit = TEMPLATES.find("reddit_story")!;
    const withOwn = { ...reddit.examples.full, backgroundVideoUrl: "https://example.com/f.mp4", backgroundAudioUrl: "https://example.com/m.mp3" };
    delete (withOwn as Record<string, unknown>).backgroundCategory;
    delete (withOwn as Record<string, unknown>).backgroundVideoAssetId;
    delete (withOwn as Record<string, unknown>).backgroundAudioAssetId;
    expect(disclosure("reddit_story", withOwn, { preparing_media: own }).made.callerMedia.map((m) => m.path)).toEqual([own.backgroundPath, own.musicPath]);
    expect(disclosure("reddit_story", reddit.examples.full, { preparing_media: library }).made.callerMedia).toEqual([]);
  });
});
