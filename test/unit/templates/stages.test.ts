import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { articleVideo } from "../../../src/templates/article-video/index.ts";
import { type ArticleOutputs, articleStages } from "../../../src/templates/article-video/production.ts";
import type { ArticleScriptContent } from "../../../src/templates/article-video/script.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import type { ChatVoices } from "../../../src/templates/fake-text-message/production.ts";
import { quizVideo } from "../../../src/templates/quiz-video/index.ts";
import { redditStory } from "../../../src/templates/reddit-story/index.ts";
import { type StoryNarration, type StoryOutputs, storyStages } from "../../../src/templates/reddit-story/production.ts";
import { readOutput, StageOutputError, storedAs, storedOutputs } from "../../../src/templates/stages.ts";
import type { ProductionContext } from "../../../src/templates/template.ts";
import { withDefaults } from "../../../src/templates/validate.ts";
import type { ArticleVideoInputs } from "../../../src/templates/article-video/inputs.ts";

/** A value as another attempt reads it: saved as JSON on the video and parsed back. */
const stored = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

const narration: StoryNarration = {
  audioPath: "/data/work/vid_1/narration.wav",
  duration: 3.2,
  words: [
    { text: "Hello", charStart: 0, charEnd: 5, start: 0, end: 0.4 },
    { text: "there", charStart: 6, charEnd: 11, start: 0.5, end: 0.9 },
  ],
  titleWords: 1,
};
const media = { backgroundPath: "/lib/minecraft.mp4", fitted: true, backgroundStartAt: 4, musicPath: null };

const script: ArticleScriptContent = {
  kind: "article_script",
  title: "Tides",
  sourceUrl: null,
  sourceWords: 120,
  truncated: false,
  length: "short",
  tone: "explainer",
  text: "Tides are the slow rise and fall of the sea. The Moon drives them.",
  wordCount: 14,
  generator: "offline",
};

describe("stage outputs read back through their schemas", () => {
  test("a stored output comes back as its type, equal to what was saved", () => {
    const read: StoryNarration = readOutput("narrating", storyStages.narrating.output, stored(narration));
    expect(read).toEqual(narration);
    const outputs = storedOutputs(storyStages, { preparing_media: stored(media), narrating: stored(narration) });
    expect(outputs.get("preparing_media")).toEqual(media);
    expect(outputs.get("narrating").words[1]!.end).toBe(0.9);
  });

  test("a malformed stored output is refused with the stage and the field named, not cast", () => {
    const wrong = { ...narration, duration: "3.2" };
    expect(() => readOutput("narrating", storyStages.narrating.output, stored(wrong))).toThrow(StageOutputError);
    expect(() => readOutput("narrating", storyStages.narrating.output, stored(wrong))).toThrow(/narrating stage is malformed at \/duration/);
    const { audioPath: _gone, ...missing } = narration;
    expect(() => readOutput("narrating", storyStages.narrating.output, missing)).toThrow(/narrating stage is malformed at \/audioPath/);
    const badWord = { ...narration, words: [{ text: "Hello", start: 0, end: 0.4 }] };
    expect(() => readOutput("narrating", storyStages.narrating.output, badWord)).toThrow(/at \/words\/0\/charStart/);
    expect(() => readOutput("narrating", storyStages.narrating.output, undefined)).toThrow(/narrating stage has no output/);
    expect(() => readOutput("narrating", storyStages.narrating.output, "narration.wav")).toThrow(StageOutputError);
  });

  test("a template's compose, usage and stage files read the stored outputs through the same path", () => {
    const inputs = withDefaults(redditStory, { title: "AITA for keeping the bowl?", text: "x".repeat(300) });
    const good = { preparing_media: stored(media), narrating: stored(narration) };
    expect(redditStory.usage(inputs, good).recordedSeconds).toBe(3.2);
    expect(redditStory.stageFiles("narrating", good.narrating)).toEqual([narration.audioPath]);
    const bad = { ...good, narrating: { ...narration, duration: null } };
    expect(() => redditStory.usage(inputs, bad)).toThrow(/narrating stage is malformed at \/duration/);
    expect(() => redditStory.stageFiles("narrating", { audioPath: 7 })).toThrow(StageOutputError);
    expect(() => redditStory.usage(inputs, { preparing_media: good.preparing_media })).toThrow(/narrating stage has no output/);
  });

  test("a stage reads the stored outputs of the stages before it", async () => {
    const inputs = withDefaults(articleVideo, { source: { kind: "text", text: script.text }, silent: true });
    // A silent narration times the script's words at a reading pace: no narrator is needed.
    const ctx = { videoId: "vid_1", accountId: "acc_1", inputs, projectId: null, workDir: "/tmp/none", ports: {} } as unknown as ProductionContext<ArticleVideoInputs>;
    const silent = await articleVideo.runStage("narrating", ctx, { generating_script: stored(script) });
    const read = readOutput("narrating", articleStages.narrating.output, stored(silent));
    expect(read.audioPath).toBeNull();
    expect(read.words.map((w) => w.text).join(" ")).toBe(script.text);
    await expect(articleVideo.runStage("narrating", ctx, { generating_script: { ...script, kind: "quiz_pack" } })).rejects.toThrow(/generating_script stage is malformed at \/kind/);
    await expect(articleVideo.runStage("preparing_media", ctx, {})).rejects.toThrow(/article_video has no preparing_media stage/);
    expect(articleVideo.stages).toEqual(["generating_script", "narrating"]);
    expect(redditStory.stages).toEqual(["preparing_media", "narrating"]);
    const typed: ArticleOutputs["narrating"] = read;
    expect(typed).toBe(read);
  });

  test("outputs saved before optional fields existed are still read", () => {
    // Scripts saved before the headline card, chat voices saved before words were kept.
    expect(readOutput("generating_script", articleStages.generating_script.output, stored(script))).toEqual(script);
    const voices: ChatVoices = { clips: [{ audioPath: "/w/vid_1/clip-0.wav", duration: 1.5 }, null] };
    expect(fakeTextMessage.stageFiles("narrating", stored(voices))).toEqual(["/w/vid_1/clip-0.wav"]);
  });

  test("a draft saved on a project is read through the script stage's schema", () => {
    expect(() => quizVideo.freeStep!.kind === "script" && quizVideo.freeStep!.present({ kind: "quiz_pack", title: "Flags" }, 2.5)).toThrow(/generating_script stage is malformed/);
    const step = articleVideo.freeStep!;
    if (step.kind !== "script") throw new Error("article_video's free step writes scripts");
    expect(step.present(stored(script), 2.5)).toEqual({ script: expect.objectContaining({ text: script.text, estimatedSeconds: 5.6 }) });
  });

  test("a schema that disagrees with its output's type does not compile", () => {
    interface Card {
      path: string;
      width?: number;
    }
    const ok = storedAs<Card>()(Type.Object({ path: Type.String(), width: Type.Optional(Type.Number()) }));
    // @ts-expect-error the schema leaves out a field of the type
    storedAs<Card>()(Type.Object({ path: Type.String() }));
    // @ts-expect-error the schema requires a field the type makes optional
    storedAs<Card>()(Type.Object({ path: Type.String(), width: Type.Number() }));
    // @ts-expect-error the schema stores a number where the type has a string
    storedAs<Card>()(Type.Object({ path: Type.Number(), width: Type.Optional(Type.Number()) }));
    expect(readOutput("preparing_media", ok, { path: "/a.png" })).toEqual({ path: "/a.png" });
    const outputs = storedOutputs<unknown, StoryOutputs>(storyStages, {});
    expect(() => outputs.get("preparing_media")).toThrow(StageOutputError);
  });
});
