import { Type } from "@sinclair/typebox";
import { BACKGROUND_CATEGORIES, DEFAULT_BACKGROUND_CATEGORY } from "../../../render/media/background-categories.ts";
import { CAPTION_PRESET_IDS } from "../../../render/captions/presets.ts";
import { VOICE_SET_B } from "../../catalog/voices.ts";
import { RENDER_STEP, narrationStep } from "../credits.ts";
import { Closed, Enum, HttpUrl, applyAnnotations, mutuallyExclusive } from "../schema-kit.ts";
import type { TemplateDefinition } from "../template.ts";

export const RedditStoryInputs = Closed({
  title: Type.String({ minLength: 1, maxLength: 200, description: "Narrated first and shown on the title card." }),
  text: Type.String({ minLength: 800, maxLength: 5000, description: "The story, narrated in full." }),
  author: Type.Optional(Type.String({ maxLength: 32, default: "Anonymous", description: "Shown on the title card." })),
  voiceId: Type.Optional(Enum(VOICE_SET_B, { default: "pNInz6obpgDQGcFmaJgB", description: "Narrator (voice set B)." })),
  language: Type.Optional(
    Type.String({ minLength: 2, maxLength: 5, pattern: "^[A-Za-z]{2}(-[A-Za-z]{2})?$", default: "en", description: "ISO 639-1 code, optionally with a region (en, en-GB)." }),
  ),
  backgroundVideoAssetId: Type.Optional(Type.String({ minLength: 1, description: "Id from GET /v1/options backgrounds.assets." })),
  backgroundCategory: Type.Optional(
    Enum(BACKGROUND_CATEGORIES, { description: `Background category; ${DEFAULT_BACKGROUND_CATEGORY} when no background field is set.` }),
  ),
  backgroundVideoUrl: Type.Optional(
    HttpUrl({ minLength: 1, maxLength: 2048, description: "Own footage: public https URL, up to 300 MB and 10 min; converted to 1080x1920, cropped to fill, silent." }),
  ),
  backgroundAudioAssetId: Type.Optional(Type.String({ minLength: 1, description: "Music id from GET /v1/options music." })),
  backgroundAudioUrl: Type.Optional(
    HttpUrl({ minLength: 1, maxLength: 2048, description: "Own music: public https URL, up to 30 MB and 10 min; converted to MP3." }),
  ),
  backgroundAudioVolume: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 30, description: "Music volume, 0-100." })),
  captionPresetId: Type.Optional(Enum(CAPTION_PRESET_IDS, { default: "hormozi" })),
  captionPosition: Type.Optional(Enum(["top", "middle", "bottom"] as const, { default: "middle" })),
  captionsEnabled: Type.Optional(Type.Boolean({ default: true })),
  titleCardTheme: Type.Optional(Enum(["dark", "light"] as const, { default: "dark" })),
  voiceSpeed: Type.Optional(Type.Number({ minimum: 0.85, maximum: 1.25, default: 1 })),
  stability: Type.Optional(Type.Number({ minimum: 0, maximum: 100, default: 50 })),
  similarity: Type.Optional(Type.Number({ minimum: 0, maximum: 100, default: 75 })),
  pitch: Type.Optional(Type.Number({ minimum: 0.5, maximum: 2, default: 1 })),
});

const rules = [
  mutuallyExclusive(RedditStoryInputs, [], ["backgroundVideoAssetId", "backgroundCategory", "backgroundVideoUrl"]),
  mutuallyExclusive(RedditStoryInputs, [], ["backgroundAudioAssetId", "backgroundAudioUrl"]),
];
applyAnnotations(rules);

const STORY =
  "I (27F) have shared a flat with my best friend Maya for three years. Last spring she started a sourdough phase, which was fine, " +
  "until the starter took over the top shelf of our fridge and then the whole kitchen counter. I said nothing. Then she named it Gerald, " +
  "and Gerald started getting fed before I was allowed to make breakfast. One Saturday I came home to find my grandmother's mixing bowl, " +
  "the one thing I took from her house after the funeral, full of dough and wrapped in cling film on the radiator. I asked her, calmly, " +
  "to use any other bowl. She laughed and said a bowl is a bowl. I told her it wasn't, not to me, and she rolled her eyes and said I was " +
  "being dramatic about kitchenware. So I washed the bowl, dried it, and took it to my room, and put the dough in a saucepan. " +
  "She didn't speak to me for two days. Our other friends are split: some say I should have explained more, some say she should have asked first. " +
  "Yesterday she left a loaf on my desk with a note that just said 'Gerald says sorry'. I laughed, but I still don't know if we are okay.";

export const redditStory: TemplateDefinition = {
  id: "reddit_story",
  name: "Reddit Story",
  description:
    "Your own story, narrated over gameplay footage with a Reddit-style title card and word-synced captions. Nothing is generated.",
  inputs: RedditStoryInputs,
  rules,
  voiceFields: ["/voiceId"],
  voiceSet: VOICE_SET_B,
  narrationRules: (inputs) =>
    "silent" in inputs
      ? [{ pointer: "/silent", message: "reddit_story is always narrated; remove silent", code: "narration_required" }]
      : [],
  impliedDefaults: { backgroundCategory: DEFAULT_BACKGROUND_CATEGORY },
  freeTools: ["preview"],
  paidSteps: [narrationStep("narration", "estimated at 15 characters per second"), RENDER_STEP],
  notes: [
    "Narration is mandatory: there is no silent option, and the full story is always narrated, even with a projectId from a preview.",
    "POST /v1/previews returns a free ~10 s teaser (the title plus about the first 170 characters) with word captions and a projectId; it is never used as the video narration.",
    "Background: one of backgroundVideoAssetId, backgroundCategory or backgroundVideoUrl (Subway Surfers footage when none is set). Music: one of backgroundAudioAssetId or backgroundAudioUrl.",
    "Own media by URL is fetched before anything is charged; more than 20 new URLs a day fail with MEDIA_QUOTA_EXCEEDED, a URL used in the last 30 days is reused.",
  ],
  examples: {
    minimal: { title: "AITA for taking my grandmother's bowl back from my flatmate?", text: STORY },
    full: {
      title: "AITA for taking my grandmother's bowl back from my flatmate?",
      text: STORY,
      author: "u/bowl_keeper",
      voiceId: "cgSgspJ2msm6clMCkdW9",
      language: "en",
      backgroundCategory: "Minecraft",
      backgroundAudioVolume: 20,
      captionPresetId: "beast",
      captionPosition: "bottom",
      captionsEnabled: true,
      titleCardTheme: "light",
      voiceSpeed: 1.1,
      stability: 40,
      similarity: 80,
      pitch: 1,
    },
  },
};
