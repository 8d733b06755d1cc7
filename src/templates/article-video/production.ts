import { join } from "node:path";
import { FPS, type Timeline } from "../../../render/timeline.ts";
import type { CaptionPresetId } from "../../../render/captions/presets.ts";
import type { CaptionWord } from "../../../render/timeline.ts";
import { type PreparedMedia, serverBackground } from "../media-choice.ts";
import { readingTimes } from "../reading-pace.ts";
import { type Charges, recordNarration, type TemplateProduction, videoCharges, writeContent } from "../production.ts";
import { type ArticleScriptContent, writeArticleContent } from "./script.ts";

export interface ArticleNarration {
  audioPath: string | null;
  duration: number;
  words: CaptionWord[];
}

/** The template's own caption style when the caller names none. */
export const ARTICLE_CAPTION_PRESET: CaptionPresetId = "beast";
const TAIL_SECONDS = 1;
/** Pure: a silent video's captions, timed at a reading pace. */
export function silentNarration(text: string): ArticleNarration {
  return { audioPath: null, ...readingTimes(text) };
}

/** Pure: the narration over a server-chosen background with word-synced captions. */
export function articleTimeline(inputs: Record<string, any>, media: PreparedMedia, narration: ArticleNarration): Timeline {
  const duration = Math.ceil((narration.duration + TAIL_SECONDS) * FPS) / FPS;
  const timeline: Timeline = {
    duration,
    background: { kind: "video", path: media.backgroundPath, fitted: media.fitted },
    layers: [],
    audio: narration.audioPath ? [{ path: narration.audioPath, start: 0, volume: 1, kind: "narration" }] : [],
    captions: { words: narration.words.map((w) => ({ text: w.text, start: w.start, end: w.end })), preset: inputs.captionPresetId ?? ARTICLE_CAPTION_PRESET, position: "middle" },
  };
  return timeline;
}

export const articleVideoProduction: TemplateProduction = {
  stages: ["generating_script", "narrating"],

  async runStage(stage, ctx, outputs) {
    const inputs = ctx.inputs as Record<string, any>;
    if (stage === "generating_script") return writeContent("article_video", () => writeArticleContent(inputs, ctx.ports.content));
    if (stage === "narrating") {
      const script = outputs.generating_script as ArticleScriptContent;
      if (inputs.silent) return silentNarration(script.text);
      return recordNarration("article_video", async () => {
        const n = await ctx.ports.narrator.narrate({ text: script.text, voiceId: inputs.voiceId, language: "en" }, join(ctx.workDir, "narration.wav"));
        return { audioPath: n.audioPath, duration: n.duration, words: n.words.map((w) => ({ text: w.text, start: w.start, end: w.end })) } satisfies ArticleNarration;
      });
    }
    throw new Error(`article_video has no ${stage} stage`);
  },

  stageFiles(stage, output) {
    const path = stage === "narrating" ? (output as ArticleNarration).audioPath : null;
    return path ? [path] : [];
  },

  async compose(ctx, outputs) {
    return { timeline: articleTimeline(ctx.inputs, serverBackground(ctx), outputs.narrating as ArticleNarration) };
  },

  charges(_inputs, outputs, legacy): Charges {
    const narration = outputs.narrating as ArticleNarration;
    const seconds = narration.audioPath ? narration.duration : 0;
    return videoCharges(seconds, seconds, legacy);
  },
};
