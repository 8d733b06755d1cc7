import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { sourceFromText } from "../../../src/content/ingest.ts";
import type { LlmClient } from "../../../src/content/llm/client.ts";
import { buildOfflinePack } from "../../../src/content/quiz/pack.ts";
import { createContentWriter } from "../../../src/content/writer.ts";
import { silentLogger } from "../../../src/kernel/logger.ts";
import { writeOfflineKit } from "../../../src/publishing/kit-offline.ts";
import { hashtagOf, youtubeTagsLength } from "../../../src/publishing/kit-text.ts";
import { createPublishKitWriter, kitProblem } from "../../../src/publishing/kit-writer.ts";
import { PLATFORM_LIMITS, type PublishKit, PublishKitSchema, type PublishSource } from "../../../src/publishing/model.ts";
import { TEMPLATES } from "../../../src/templates/registry.ts";
import { withDefaults } from "../../../src/templates/validate.ts";
import { GO_BIRTHDAY } from "../../fixtures/open-articles.ts";

/** Each template's publish source, from its own example inputs and the outputs its stages would save. */
async function sources(): Promise<Record<string, PublishSource>> {
  const out: Record<string, PublishSource> = {};
  const script = await createContentWriter(null, silentLogger).articleScript(sourceFromText(GO_BIRTHDAY.text), { length: "short", tone: "explainer" });
  const article = TEMPLATES.find("article_video")!;
  out.article_video = article.publishSource(withDefaults(article, article.examples.full), {
    generating_script: {
      kind: "article_script",
      title: "Go Turns 15",
      sourceUrl: null,
      sourceWords: 600,
      truncated: false,
      length: "short",
      tone: "explainer",
      text: script.text,
      wordCount: script.wordCount,
      headline: script.headline,
      hookWords: script.hookWords,
      generator: "offline",
    },
  });
  const quiz = TEMPLATES.find("quiz_video")!;
  const pack = buildOfflinePack({ topic: "chemical elements", difficulty: "medium", count: 5, seed: 3 });
  out.quiz_video = quiz.publishSource(withDefaults(quiz, { topic: "chemical elements" }), { generating_script: { kind: "quiz_pack", title: "chemical elements", ...pack } });
  for (const id of ["reddit_story", "fake_text_message"]) {
    const template = TEMPLATES.find(id)!;
    out[id] = template.publishSource(withDefaults(template, template.examples.full), {});
  }
  return out;
}

const HASHTAG = /^#[\p{L}\p{N}_]+$/u;

function expectWithinLimits(kit: PublishKit) {
  expect([...Value.Errors(PublishKitSchema, kit)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
  expect(kit.youtube.title.length).toBeLessThanOrEqual(PLATFORM_LIMITS.youtube.titleChars);
  expect(youtubeTagsLength(kit.youtube.tags)).toBeLessThanOrEqual(PLATFORM_LIMITS.youtube.tagsChars);
  expect(kit.tiktok.caption.length).toBeLessThanOrEqual(PLATFORM_LIMITS.tiktok.captionChars);
  expect(kit.instagram.caption.length).toBeLessThanOrEqual(PLATFORM_LIMITS.instagram.captionChars);
  expect(kit.instagram.hashtags.length).toBeLessThanOrEqual(PLATFORM_LIMITS.instagram.hashtags);
  for (const tag of [...kit.youtube.hashtags, ...kit.tiktok.hashtags, ...kit.instagram.hashtags]) expect(tag).toMatch(HASHTAG);
  // The captions carry their hashtags, written as they are listed.
  expect(kit.tiktok.caption.endsWith(kit.tiktok.hashtags.join(" "))).toBe(true);
  expect(kit.instagram.caption.endsWith(kit.instagram.hashtags.join(" "))).toBe(true);
}

describe("the offline publish kit", () => {
  test("each template's kit is within every platform's limits, with hashtags, tags and a caption drawn from its script", async () => {
    for (const [id, source] of Object.entries(await sources())) {
      const kit = writeOfflineKit(source);
      expect(kit.generator).toBe("offline");
      expectWithinLimits(kit);
      expect(kit.tiktok.hashtags.length, id).toBeGreaterThan(0);
      expect(kit.youtube.tags.length, id).toBeGreaterThan(0);
      // No figure, name or quote in the kit that the script does not state.
      expect(kitProblem(kit, source), id).toBeNull();
      const words = `${source.title ?? ""} ${source.text}`.toLowerCase();
      for (const tag of kit.instagram.hashtags) expect(words.includes(tag.slice(1).toLowerCase()), `${id} ${tag}`).toBe(true);
    }
  });

  test("a long title and a long script are cut to the limits at a word, never mid-hashtag", () => {
    const long = Array.from({ length: 400 }, (_, i) => `Sentence number ${["one", "two", "three"][i % 3]} talks about tides and the Moon again.`).join(" ");
    const kit = writeOfflineKit({ title: `${"Tides and the Moon ".repeat(12)}`.trim(), text: long, lead: long });
    expectWithinLimits(kit);
    expect(kit.youtube.title.endsWith("…")).toBe(true);
    expect(kit.tiktok.caption.length).toBeLessThan(400);
  });

  test("hashtags are letters, digits or underscores only, and never a bare figure", () => {
    expect(hashtagOf("Bay of Fundy")).toBe("#BayOfFundy");
    expect(hashtagOf("rock'n'roll")).toBe("#RockNRoll");
    expect(hashtagOf("Zürich")).toBe("#Zürich");
    expect(hashtagOf("2024")).toBeNull();
    expect(hashtagOf("!!")).toBeNull();
  });

  test("the check refuses a kit that states a figure, name or quote the script does not", () => {
    const source: PublishSource = { title: "Tides", text: "Tides are driven mostly by the Moon. Most coasts see two high tides a day.", lead: "Tides are driven mostly by the Moon." };
    const kit = writeOfflineKit(source);
    expect(kitProblem(kit, source)).toBeNull();
    const invented = { ...kit, youtube: { ...kit.youtube, description: `${kit.youtube.description} NASA measured 14 metres, "the biggest ever".` } };
    expect(kitProblem(invented, source)).toContain("NASA");
    expect(kitProblem(invented, source)).toContain("14");
  });
});

/** A model that answers each kit request with the next of its answers. */
function fakeModel(answers: object[]): LlmClient & { asked: number } {
  const model = {
    asked: 0,
    async completeJson() {
      return answers[Math.min(model.asked++, answers.length - 1)] as never;
    },
    moderate: async () => null,
  };
  return model;
}

describe("the publish kit by the model", () => {
  const source: PublishSource = {
    title: "How tides work",
    text: "Tides are the slow rise and fall of the sea, driven mostly by the Moon. The Bay of Fundy in Canada sees some of the highest tides on Earth.",
    lead: "Tides are the slow rise and fall of the sea, driven mostly by the Moon.",
  };
  const faithful = { title: "Why the sea rises and falls", description: "The Moon drives the tides. The Bay of Fundy sees some of the highest.", caption: "The Moon moves the sea.", hashtags: ["#tides", "Moon", "Bay of Fundy"] };
  const invented = { ...faithful, description: "Scientists at NASA say tides reach 16 metres." };

  test("a faithful answer is used, within every limit", async () => {
    const kit = await createPublishKitWriter(fakeModel([faithful]), silentLogger).write(source);
    expect(kit.generator).toBe("llm");
    expect(kit.youtube.title).toBe("Why the sea rises and falls");
    expect(kit.tiktok.hashtags.slice(0, 3)).toEqual(["#tides", "#Moon", "#BayOfFundy"]);
    expectWithinLimits(kit);
  });

  test("an answer that claims what the script does not is asked again, then replaced by the offline kit", async () => {
    const once = fakeModel([invented, faithful]);
    expect((await createPublishKitWriter(once, silentLogger).write(source)).generator).toBe("llm");
    expect(once.asked).toBe(2);
    const twice = fakeModel([invented, invented]);
    const kit = await createPublishKitWriter(twice, silentLogger).write(source);
    expect(kit).toEqual(writeOfflineKit(source));
    expect(kitProblem(kit, source)).toBeNull();
  });
});
