import { existsSync } from "node:fs";
import { Type } from "@sinclair/typebox";
import { join } from "node:path";
import type { CaptionWord, Timeline } from "../../../render/timeline.ts";
import type { CaptionPresetId } from "../../../render/captions/presets.ts";
import { END_HOLD_SECONDS, holdLastWord, narratedDuration } from "../endings.ts";
import { backgroundOf, moodMusic, type PreparedMedia, serverBackground } from "../media-choice.ts";
import { bedVolume, DEFAULT_MUSIC_VOLUME, speechWindows } from "../music-bed.ts";
import { LENGTH_SECONDS } from "../../content/extractive-writer.ts";
import { readingTimes } from "../reading-pace.ts";
import { type StageOutputs, type StageSpecs, storedAs } from "../stages.ts";
import type { DurationEstimate, NarrationUsage, ProductionContext } from "../template.ts";
import { type Headline, headlineFor } from "../../content/headline.ts";
import { countWords } from "../../content/text.ts";
import { headlineCardSvg } from "./headline-card.ts";
import type { ArticleVideoInputs } from "./inputs.ts";
import { type ArticleScriptContent, ArticleScriptOutput, writeArticleContent } from "./script.ts";

export interface ArticleNarration {
  audioPath: string | null;
  duration: number;
  words: CaptionWord[];
}

const ArticleNarrationOutput = storedAs<ArticleNarration>()(
  Type.Object({
    audioPath: Type.Union([Type.String(), Type.Null()]),
    duration: Type.Number(),
    words: Type.Array(Type.Object({ text: Type.String(), start: Type.Number(), end: Type.Number() })),
  }),
);

/** What article_video's stages make: the script, then its narration. */
export interface ArticleOutputs {
  generating_script: ArticleScriptContent;
  narrating: ArticleNarration;
}

/** The template's own caption style when the caller names none. */
export const ARTICLE_CAPTION_PRESET: CaptionPresetId = "beast";

/** Pure: a silent video's captions, timed at a reading pace. */
export function silentNarration(text: string): ArticleNarration {
  return { audioPath: null, ...readingTimes(text) };
}

/** The drawn headline card and how many words of the narration (the hook) it opens over. */
export interface ArticleCard {
  path: string;
  x: number;
  y: number;
  hookWords: number;
}

/** The card stays at least this long, so a short hook does not flash it, and at most this long. */
const CARD_MIN_SECONDS = 2.5;
const CARD_MAX_SECONDS = 7;

/** An article has no music field: its tone picks the mood of a built-in loop, the video's seed the loop. */
export const ARTICLE_MUSIC_MOOD: Record<ArticleVideoInputs["tone"], string> = { explainer: "chill", punchy: "upbeat", authority: "suspense" };

/**
 * Pure: the narration over a server-chosen background with word-synced captions, the last held to the end,
 * and the headline card over the hook from the first frame (so the poster shows it).
 */
export function articleTimeline(inputs: ArticleVideoInputs, media: PreparedMedia, narration: ArticleNarration, card?: ArticleCard): Timeline {
  const duration = narratedDuration(narration.words, narration.duration);
  const hookEnd = card ? (narration.words[Math.min(card.hookWords, narration.words.length) - 1]?.end ?? 0) + 0.3 : 0;
  const timeline: Timeline = {
    duration,
    background: backgroundOf(media),
    layers: card ? [{ path: card.path, x: card.x, y: card.y, start: 0, end: Math.min(duration, Math.max(CARD_MIN_SECONDS, Math.min(CARD_MAX_SECONDS, hookEnd))), entrance: "pop" }] : [],
    audio: narration.audioPath ? [{ path: narration.audioPath, start: 0, volume: 1, kind: "narration" }] : [],
    captions: { words: holdLastWord(narration.words.map((w) => ({ text: w.text, start: w.start, end: w.end })), duration), preset: inputs.captionPresetId ?? ARTICLE_CAPTION_PRESET, position: "middle" },
    // A silent video's captions are read, not spoken: its bed is never ducked.
    speech: narration.audioPath ? speechWindows(narration.words) : [],
  };
  if (media.musicPath) timeline.audio.push({ path: media.musicPath, start: 0, volume: bedVolume(DEFAULT_MUSIC_VOLUME), kind: "music", loop: true });
  return timeline;
}

export const articleStages: StageSpecs<ProductionContext<ArticleVideoInputs>, ArticleOutputs> = {
  generating_script: { output: ArticleScriptOutput, run: (ctx) => writeArticleContent(ctx.inputs, ctx.ports.content) },
  narrating: {
    output: ArticleNarrationOutput,
    async run(ctx, earlier) {
      const inputs = ctx.inputs;
      const script = earlier.get("generating_script");
      if (inputs.silent) return silentNarration(script.text);
      const n = await ctx.ports.narrator.narrate({ text: script.text, voiceId: inputs.voiceId, language: "en" }, join(ctx.workDir, "narration.wav"));
      return { audioPath: n.audioPath, duration: n.duration, words: n.words.map((w) => ({ text: w.text, start: w.start, end: w.end })) };
    },
    files: (narration) => (narration.audioPath ? [narration.audioPath] : []),
  },
};

/** The card's text; a script saved before cards existed gets one from its title or first sentence. */
export function articleHeadline(script: ArticleScriptContent): Headline {
  return script.headline ?? headlineFor({ title: script.title, paragraphs: [], url: script.sourceUrl }, script.text.split(/(?<=[.!?])\s+/)[0] ?? script.text);
}

export async function composeArticle(ctx: ProductionContext<ArticleVideoInputs>, outputs: StageOutputs<ArticleOutputs>) {
  const script = outputs.get("generating_script");
  const narration = outputs.get("narrating");
  const card = headlineCardSvg(articleHeadline(script));
  const path = join(ctx.workDir, "headline-card.png");
  if (!existsSync(path)) await ctx.ports.drawPng(card.svg, path);
  const hookWords = script.hookWords ?? countWords(script.text.split(/(?<=[.!?])\s+/)[0] ?? "");
  const media = { ...serverBackground(ctx), musicPath: moodMusic(ctx, ARTICLE_MUSIC_MOOD[ctx.inputs.tone]) };
  return { timeline: articleTimeline(ctx.inputs, media, narration, { path, x: card.x, y: card.y, hookWords }) };
}

export function estimateArticle(inputs: ArticleVideoInputs): DurationEstimate {
  // The writer aims the script at the length's narration time.
  const seconds = LENGTH_SECONDS[inputs.length];
  return { videoSeconds: seconds + END_HOLD_SECONDS, narrationSeconds: inputs.silent ? 0 : seconds };
}

/** A silent video records nothing and is billed nothing for narration. */
export function articleUsage(_inputs: ArticleVideoInputs, outputs: StageOutputs<ArticleOutputs>): NarrationUsage {
  const narration = outputs.get("narrating");
  const seconds = narration.audioPath ? narration.duration : 0;
  return { billedSeconds: seconds, recordedSeconds: seconds };
}
