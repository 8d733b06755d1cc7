import { existsSync } from "node:fs";
import { join } from "node:path";
import { FPS, type Timeline, VIDEO_HEIGHT, VIDEO_WIDTH } from "../../../render/timeline.ts";
import type { CaptionPresetId } from "../../../render/captions/presets.ts";
import { CHARS_PER_SECOND } from "../../estimate/duration.ts";
import type { NarrationRequest } from "../../narration/narrator.ts";
import type { WordTiming } from "../../narration/words.ts";
import { type PreparedMedia, prepareMedia } from "../media-choice.ts";
import { type Charges, recordNarration, type TemplateProduction, videoCharges } from "../production.ts";
import { CARD_WIDTH, titleCardSvg } from "./title-card.ts";

export interface StoryNarration {
  audioPath: string;
  duration: number;
  words: WordTiming[];
  /** The first words are the title's; captions start after them. */
  titleWords: number;
}

const TAIL_SECONDS = 1.5;
const CARD_TOP = 560;

/** The narrated script: the title, then the story. */
export function storyScript(title: string, text: string): { script: string; titleWords: number } {
  return { script: `${title.trim()}\n\n${text.trim()}`, titleWords: title.trim().split(/\s+/).length };
}

/** The caller's voice settings applied to a script (the story, or its teaser). */
export function storyNarrationRequest(inputs: Record<string, any>, text: string): NarrationRequest {
  return { text, voiceId: inputs.voiceId, language: inputs.language, speed: inputs.voiceSpeed, pitch: inputs.pitch, stability: inputs.stability, similarity: inputs.similarity };
}

/** Pure: the finished stages and the drawn title card as a Timeline. */
export function storyTimeline(inputs: Record<string, any>, media: PreparedMedia, narration: StoryNarration, card: { path: string; height: number }): Timeline {
  const duration = Math.ceil((narration.duration + TAIL_SECONDS) * FPS) / FPS;
  const titleEnd = narration.words[narration.titleWords - 1]?.end ?? 0;
  const storyWords = narration.words.slice(narration.titleWords).map((w) => ({ text: w.text, start: w.start, end: w.end }));
  const timeline: Timeline = {
    duration,
    background: { kind: "video", path: media.backgroundPath, fitted: media.fitted },
    layers: [
      {
        path: card.path,
        x: Math.round((VIDEO_WIDTH - CARD_WIDTH) / 2),
        y: Math.min(CARD_TOP, VIDEO_HEIGHT - card.height - 100),
        start: 0,
        end: Math.min(duration, Math.max(titleEnd + 0.4, 1)),
        entrance: "pop",
      },
    ],
    audio: [{ path: narration.audioPath, start: 0, volume: 1, kind: "narration" }],
  };
  if (inputs.captionsEnabled !== false && storyWords.length > 0) {
    timeline.captions = { words: storyWords, preset: inputs.captionPresetId as CaptionPresetId, position: inputs.captionPosition };
  }
  if (media.musicPath) timeline.audio.push({ path: media.musicPath, start: 0, volume: (inputs.backgroundAudioVolume ?? 30) / 100, kind: "music", loop: true });
  return timeline;
}

export const redditStoryProduction: TemplateProduction = {
  stages: ["preparing_media", "narrating"],

  async runStage(stage, ctx) {
    const inputs = ctx.inputs as Record<string, any>;
    if (stage === "preparing_media") {
      return prepareMedia(
        ctx,
        { assetId: inputs.backgroundVideoAssetId, category: inputs.backgroundCategory, ownUrl: inputs.backgroundVideoUrl },
        { assetId: inputs.backgroundAudioAssetId, ownUrl: inputs.backgroundAudioUrl },
      );
    }
    if (stage === "narrating") {
      const { script, titleWords } = storyScript(inputs.title, inputs.text);
      return recordNarration("reddit_story", async () => {
        const narration = await ctx.ports.narrator.narrate(storyNarrationRequest(inputs, script), join(ctx.workDir, "narration.wav"));
        return { audioPath: narration.audioPath, duration: narration.duration, words: narration.words, titleWords } satisfies StoryNarration;
      });
    }
    throw new Error(`reddit_story has no ${stage} stage`);
  },

  stageFiles(stage, output) {
    return stage === "narrating" ? [(output as StoryNarration).audioPath] : [];
  },

  async compose(ctx, outputs) {
    const inputs = ctx.inputs as Record<string, any>;
    const card = titleCardSvg(inputs.title, inputs.author ?? "Anonymous", inputs.titleCardTheme ?? "dark");
    const cardPath = join(ctx.workDir, "title-card.png");
    if (!existsSync(cardPath)) await ctx.ports.drawPng(card.svg, cardPath);
    return { timeline: storyTimeline(inputs, outputs.preparing_media as PreparedMedia, outputs.narrating as StoryNarration, { path: cardPath, height: card.height }) };
  },

  charges(inputs, outputs, legacy): Charges {
    const narration = outputs.narrating as StoryNarration;
    // The spec bills reddit_story narration at 15 characters per second of the text, not the recording.
    const billedSeconds = (String(inputs.title).length + String(inputs.text).length) / CHARS_PER_SECOND;
    return videoCharges(billedSeconds, narration.duration, legacy);
  },
};
