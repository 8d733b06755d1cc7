import { join } from "node:path";
import { type CaptionWord, FPS, type Timeline } from "../../../render/timeline.ts";
import type { CaptionPresetId } from "../../../render/captions/presets.ts";
import { END_HOLD_SECONDS, holdLastWord } from "../endings.ts";
import { type PreparedMedia, serverBackground } from "../media-choice.ts";
import { LENGTH_SECONDS } from "../../content/extractive-writer.ts";
import { readingTimes } from "../reading-pace.ts";
import type { DurationEstimate, NarrationUsage, PreRenderStage, ProductionContext } from "../template.ts";
import type { ArticleVideoInputs } from "./inputs.ts";
import { type ArticleScriptContent, writeArticleContent } from "./script.ts";

export interface ArticleNarration {
  audioPath: string | null;
  duration: number;
  words: CaptionWord[];
}

/** The template's own caption style when the caller names none. */
export const ARTICLE_CAPTION_PRESET: CaptionPresetId = "beast";

/** Pure: a silent video's captions, timed at a reading pace. */
export function silentNarration(text: string): ArticleNarration {
  return { audioPath: null, ...readingTimes(text) };
}

/** Pure: the narration over a server-chosen background with word-synced captions, the last held to the end. */
export function articleTimeline(inputs: ArticleVideoInputs, media: PreparedMedia, narration: ArticleNarration): Timeline {
  const duration = Math.ceil((narration.duration + END_HOLD_SECONDS) * FPS) / FPS;
  const timeline: Timeline = {
    duration,
    background: { kind: "video", path: media.backgroundPath, fitted: media.fitted, startAt: media.backgroundStartAt },
    layers: [],
    audio: narration.audioPath ? [{ path: narration.audioPath, start: 0, volume: 1, kind: "narration" }] : [],
    captions: { words: holdLastWord(narration.words.map((w) => ({ text: w.text, start: w.start, end: w.end })), duration), preset: inputs.captionPresetId ?? ARTICLE_CAPTION_PRESET, position: "middle" },
  };
  return timeline;
}

export async function runArticleStage(stage: PreRenderStage, ctx: ProductionContext<ArticleVideoInputs>, outputs: Record<string, unknown>): Promise<unknown> {
  const inputs = ctx.inputs;
  if (stage === "generating_script") return writeArticleContent(inputs, ctx.ports.content);
  if (stage === "narrating") {
    const script = outputs.generating_script as ArticleScriptContent;
    if (inputs.silent) return silentNarration(script.text);
    const n = await ctx.ports.narrator.narrate({ text: script.text, voiceId: inputs.voiceId, language: "en" }, join(ctx.workDir, "narration.wav"));
    return { audioPath: n.audioPath, duration: n.duration, words: n.words.map((w) => ({ text: w.text, start: w.start, end: w.end })) } satisfies ArticleNarration;
  }
  throw new Error(`article_video has no ${stage} stage`);
}

export function articleStageFiles(stage: PreRenderStage, output: unknown): string[] {
  const path = stage === "narrating" ? (output as ArticleNarration).audioPath : null;
  return path ? [path] : [];
}

export async function composeArticle(ctx: ProductionContext<ArticleVideoInputs>, outputs: Record<string, unknown>) {
  return { timeline: articleTimeline(ctx.inputs, serverBackground(ctx), outputs.narrating as ArticleNarration) };
}

export function estimateArticle(inputs: ArticleVideoInputs): DurationEstimate {
  // The writer aims the script at the length's narration time.
  const seconds = LENGTH_SECONDS[inputs.length];
  return { videoSeconds: seconds + END_HOLD_SECONDS, narrationSeconds: inputs.silent ? 0 : seconds };
}

/** A silent video records nothing and is billed nothing for narration. */
export function articleUsage(_inputs: ArticleVideoInputs, outputs: Record<string, unknown>): NarrationUsage {
  const narration = outputs.narrating as ArticleNarration;
  const seconds = narration.audioPath ? narration.duration : 0;
  return { billedSeconds: seconds, recordedSeconds: seconds };
}
