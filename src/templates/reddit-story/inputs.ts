import { type Static, Type } from "@sinclair/typebox";
import { DEFAULT_BACKGROUND_CATEGORY } from "../../../render/media/background-categories.ts";
import { BackgroundCategoryField } from "../media-choice.ts";
import { CAPTION_PRESET_IDS } from "../../../render/captions/presets.ts";
import { VOICE_SET_B } from "../../narration/voices.ts";
import { Closed, Defaulted, Enum, OwnMediaUrl, applyAnnotations, mutuallyExclusive } from "../../kernel/schema-kit.ts";

export const RedditStoryInputs = Closed({
  title: Type.String({ minLength: 1, maxLength: 200, description: "Narrated first and shown on the title card." }),
  text: Type.String({ minLength: 800, maxLength: 5000, description: "The story, narrated in full." }),
  author: Defaulted(Type.String({ maxLength: 32, default: "Anonymous", description: "Shown on the title card." })),
  voiceId: Defaulted(Enum(VOICE_SET_B, { default: "pNInz6obpgDQGcFmaJgB", description: "Narrator (voice set B)." })),
  language: Defaulted(
    Type.String({ minLength: 2, maxLength: 5, pattern: "^[A-Za-z]{2}(-[A-Za-z]{2})?$", default: "en", description: "ISO 639-1 code, optionally with a region (en, en-GB)." }),
  ),
  backgroundVideoAssetId: Type.Optional(Type.String({ minLength: 1, description: "Id from GET /v1/options backgrounds.assets." })),
  backgroundCategory: Type.Optional(
    BackgroundCategoryField({ description: `Background category; ${DEFAULT_BACKGROUND_CATEGORY} when no background field is set; given` }),
  ),
  backgroundVideoUrl: Type.Optional(
    OwnMediaUrl({ minLength: 1, maxLength: 2048, description: "Own footage: public https URL, up to 300 MB and 10 min; converted to 1080x1920, cropped to fill, silent." }),
  ),
  backgroundAudioAssetId: Type.Optional(Type.String({ minLength: 1, description: "Music id from GET /v1/options music." })),
  backgroundAudioUrl: Type.Optional(
    OwnMediaUrl({ minLength: 1, maxLength: 2048, description: "Own music: public https URL, up to 30 MB and 10 min; converted to MP3." }),
  ),
  backgroundAudioVolume: Defaulted(Type.Integer({ minimum: 0, maximum: 100, default: 30, description: "Music volume, 0-100: 30 sits about 17 dB under the voice while it speaks, in proportion; 0 is no music (a built-in loop plays when no music is named)." })),
  captionPresetId: Defaulted(Enum(CAPTION_PRESET_IDS, { default: "hormozi" })),
  captionPosition: Defaulted(Enum(["top", "middle", "bottom"] as const, { default: "middle" })),
  captionsEnabled: Defaulted(Type.Boolean({ default: true })),
  titleCardTheme: Defaulted(Enum(["dark", "light"] as const, { default: "dark" })),
  voiceSpeed: Defaulted(Type.Number({ minimum: 0.85, maximum: 1.25, default: 1 })),
  stability: Defaulted(Type.Number({ minimum: 0, maximum: 100, default: 50 })),
  similarity: Defaulted(Type.Number({ minimum: 0, maximum: 100, default: 75 })),
  pitch: Defaulted(Type.Number({ minimum: 0.5, maximum: 2, default: 1 })),
});

export type RedditStoryInputs = Static<typeof RedditStoryInputs>;

export const redditRules = [
  mutuallyExclusive(RedditStoryInputs, [], ["backgroundVideoAssetId", "backgroundCategory", "backgroundVideoUrl"]),
  mutuallyExclusive(RedditStoryInputs, [], ["backgroundAudioAssetId", "backgroundAudioUrl"]),
];
applyAnnotations(redditRules);
