import { existsSync } from "node:fs";
import { Type } from "@sinclair/typebox";
import { join } from "node:path";
import { SAFE_AREA, safeCardX } from "../../../render/safe-area.ts";
import type { Timeline } from "../../../render/timeline.ts";
import { CHARS_PER_SECOND } from "../../billing/charges.ts";
import { narrationLanguage } from "../../narration/language-detect.ts";
import type { NarrationRequest } from "../../narration/narrator.ts";
import { splitWords, type WordTiming } from "../../narration/words.ts";
import { END_HOLD_SECONDS, holdLastWord, narratedDuration } from "../endings.ts";
import { backgroundOf, type PreparedMedia, PreparedMediaOutput, prepareMedia } from "../media-choice.ts";
import { bedVolume, DEFAULT_MOOD, speechWindows } from "../music-bed.ts";
import { soundCueTracks } from "../sound-cues.ts";
import { type StageOutputs, type StageSpecs, storedAs } from "../stages.ts";
import type { DurationEstimate, NarrationUsage, ProductionContext } from "../template.ts";
import type { RedditStoryInputs } from "./inputs.ts";
import { CARD_WIDTH, titleCardSvg } from "./title-card.ts";

export interface StoryNarration {
  audioPath: string;
  duration: number;
  words: WordTiming[];
  /** The first words are the title's; captions start after them. */
  titleWords: number;
}

const StoryNarrationOutput = storedAs<StoryNarration>()(
  Type.Object({
    audioPath: Type.String(),
    duration: Type.Number(),
    words: Type.Array(Type.Object({ text: Type.String(), charStart: Type.Number(), charEnd: Type.Number(), start: Type.Number(), end: Type.Number() })),
    titleWords: Type.Number(),
  }),
);

/** What reddit_story's stages make: the background and music, then the narration. */
export interface StoryOutputs {
  preparing_media: PreparedMedia;
  narrating: StoryNarration;
}

const CARD_TOP = 560;

/** The narrated script: the title, then the story. */
export function storyScript(title: string, text: string): { script: string; titleWords: number } {
  return { script: `${title.trim()}\n\n${text.trim()}`, titleWords: splitWords(title.trim()).length };
}

/** The caller's voice settings applied to a script (the story, or its teaser). */
export function storyNarrationRequest(inputs: RedditStoryInputs, text: string): NarrationRequest {
  return { text, voiceId: inputs.voiceId, language: narrationLanguage(inputs.language, text), speed: inputs.voiceSpeed, pitch: inputs.pitch, stability: inputs.stability, similarity: inputs.similarity };
}

/**
 * A beat added between the title and the story, as storytellers read them: the title lands, the bed comes
 * up under the title card's exit, then the story starts. The recording is split in the pause between them.
 */
export const TITLE_BEAT_SECONDS = 0.5;

/** Where the recording is split and how far what follows moves: none when there is no story after the title. */
function titleBeat(narration: StoryNarration): { splitAt: number; beat: number } {
  const lastTitle = narration.words[narration.titleWords - 1];
  const firstStory = narration.words[narration.titleWords];
  if (!lastTitle || !firstStory) return { splitAt: narration.duration, beat: 0 };
  return { splitAt: Math.round(((lastTitle.end + firstStory.start) / 2) * 1000) / 1000, beat: TITLE_BEAT_SECONDS };
}

/** Pure: the finished stages and the drawn title card as a Timeline. */
export function storyTimeline(inputs: RedditStoryInputs, media: PreparedMedia, narration: StoryNarration, card: { path: string; height: number }): Timeline {
  const { splitAt, beat } = titleBeat(narration);
  const moved = narration.words.map((w) => (w.start >= splitAt ? { ...w, start: w.start + beat, end: w.end + beat } : w));
  const duration = narratedDuration(moved, narration.duration + beat);
  const titleEnd = moved[narration.titleWords - 1]?.end ?? 0;
  const storyStart = moved[narration.titleWords]?.start ?? duration;
  // The last caption stays to the end: the video ends on its last words, not on bare footage.
  const storyWords = holdLastWord(moved.slice(narration.titleWords).map((w) => ({ text: w.text, start: w.start, end: w.end })), duration);
  const timeline: Timeline = {
    duration,
    background: backgroundOf(media),
    layers: [
      {
        path: card.path,
        x: safeCardX(CARD_WIDTH),
        // A long title's card keeps its bottom inside the safe area, its top under the feed tabs.
        y: Math.max(SAFE_AREA.top, Math.min(CARD_TOP, SAFE_AREA.bottom - card.height)),
        start: 0,
        // Through the beat, gone as the story starts.
        end: Math.min(duration, Math.max(Math.min(titleEnd + 0.4 + beat, storyStart), 1)),
        entrance: "pop",
      },
    ],
    audio:
      beat > 0
        ? [
            { path: narration.audioPath, start: 0, length: splitAt, volume: 1, kind: "narration" },
            { path: narration.audioPath, start: splitAt + beat, from: splitAt, volume: 1, kind: "narration" },
          ]
        : [{ path: narration.audioPath, start: 0, volume: 1, kind: "narration" }],
    speech: speechWindows(moved),
  };
  if (inputs.captionsEnabled && storyWords.length > 0) {
    timeline.captions = { words: storyWords, preset: inputs.captionPresetId, position: inputs.captionPosition };
  }
  const bed = bedVolume(inputs.backgroundAudioVolume);
  if (media.musicPath && bed > 0) timeline.audio.push({ path: media.musicPath, start: 0, volume: bed, kind: "music", loop: true });
  return timeline;
}

export const storyStages: StageSpecs<ProductionContext<RedditStoryInputs>, StoryOutputs> = {
  preparing_media: {
    output: PreparedMediaOutput,
    run: (ctx) =>
      prepareMedia(
        ctx,
        { assetId: ctx.inputs.backgroundVideoAssetId, category: ctx.inputs.backgroundCategory, ownUrl: ctx.inputs.backgroundVideoUrl },
        { assetId: ctx.inputs.backgroundAudioAssetId, ownUrl: ctx.inputs.backgroundAudioUrl, volume: ctx.inputs.backgroundAudioVolume, defaultMood: DEFAULT_MOOD.story },
      ),
  },
  narrating: {
    output: StoryNarrationOutput,
    async run(ctx) {
      const { script, titleWords } = storyScript(ctx.inputs.title, ctx.inputs.text);
      const narration = await ctx.ports.narrator.narrate(storyNarrationRequest(ctx.inputs, script), join(ctx.workDir, "narration.wav"));
      return { audioPath: narration.audioPath, duration: narration.duration, words: narration.words, titleWords };
    },
    files: (narration) => [narration.audioPath],
  },
};

export async function composeStory(ctx: ProductionContext<RedditStoryInputs>, outputs: StageOutputs<StoryOutputs>) {
  const inputs = ctx.inputs;
  const card = titleCardSvg(inputs.title, inputs.author, inputs.titleCardTheme);
  const cardPath = join(ctx.workDir, "title-card.png");
  if (!existsSync(cardPath)) await ctx.ports.drawPng(card.svg, cardPath);
  const timeline = storyTimeline(inputs, outputs.get("preparing_media"), outputs.get("narrating"), { path: cardPath, height: card.height });
  // The title card comes in on a whoosh.
  const titleCard = timeline.layers.find((l) => l.path === cardPath);
  if (titleCard) timeline.audio.push(...soundCueTracks(ctx.ports.library, [{ effect: "whoosh", at: titleCard.start }], timeline.duration));
  return { timeline };
}

/** The spec bills and estimates a story at 15 characters per second of its text, not the recording. */
function storySpeechSeconds(inputs: RedditStoryInputs): number {
  return (inputs.title.length + inputs.text.length) / CHARS_PER_SECOND;
}

export function estimateStory(inputs: RedditStoryInputs): DurationEstimate {
  const narration = storySpeechSeconds(inputs) / inputs.voiceSpeed;
  return { videoSeconds: narration + TITLE_BEAT_SECONDS + END_HOLD_SECONDS, narrationSeconds: narration };
}

export function storyUsage(inputs: RedditStoryInputs, outputs: StageOutputs<StoryOutputs>): NarrationUsage {
  return { billedSeconds: storySpeechSeconds(inputs), recordedSeconds: outputs.get("narrating").duration };
}
