import { join } from "node:path";
import { FPS, type Timeline } from "../../../render/timeline.ts";
import type { CaptionPresetId } from "../../catalog/caption-presets.ts";
import type { CaptionWord } from "../../../render/timeline.ts";
import { type PreparedMedia, serverBackground } from "../media-choice.ts";
import { type Charges, recordNarration, type TemplateProduction, writeContent } from "../production.ts";
import { type ArticleScriptContent, writeArticleContent } from "./script.ts";

export interface ArticleNarration {
  audioPath: string | null;
  duration: number;
  words: CaptionWord[];
}

/** The template's own caption style when the caller names none. */
export const ARTICLE_CAPTION_PRESET: CaptionPresetId = "beast";
const TAIL_SECONDS = 1;
/** A silent video shows its captions at an easy reading pace. */
const SILENT_WORDS_PER_SECOND = 2.6;

/** Pure: caption times for a silent video, word by word at a reading pace. */
export function readingTimes(text: string): ArticleNarration {
  const words = text.split(/\s+/).filter(Boolean);
  const step = 1 / SILENT_WORDS_PER_SECOND;
  return { audioPath: null, duration: words.length * step, words: words.map((w, i) => ({ text: w, start: i * step, end: (i + 1) * step })) };
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
      if (inputs.silent) return readingTimes(script.text);
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
    return { narration: legacy ? Math.ceil(seconds / 60) : 0, render: legacy ? 1 : 0, videos: legacy ? 0 : 1, narrationSeconds: Math.round(seconds) };
  },
};
