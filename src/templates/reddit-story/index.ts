import { DEFAULT_BACKGROUND_CATEGORY } from "../../../render/media/background-categories.ts";
import { VOICE_SET_B } from "../../narration/voices.ts";
import { RENDER_STEP, narrationStep } from "../credits.ts";
import { defineTemplate } from "../template.ts";
import { redditRules, RedditStoryInputs } from "./inputs.ts";
import { composeStory, estimateStory, storyNarrationRequest, type StoryOutputs, storyStages, storyUsage } from "./production.ts";
import { teaserScript } from "./teaser.ts";
import { storyMadeOf, storyPublishSource } from "./publishing.ts";

const STORY =
  "I (27F) have shared a flat with my best friend Maya for three years. Last spring she started a sourdough phase, which was fine, " +
  "until the starter took over the top shelf of our fridge and then the whole kitchen counter. I said nothing. Then she named it Gerald, " +
  "and Gerald started getting fed before I was allowed to make breakfast. One Saturday I came home to find my grandmother's mixing bowl, " +
  "the one thing I took from her house after the funeral, full of dough and wrapped in cling film on the radiator. I asked her, calmly, " +
  "to use any other bowl. She laughed and said a bowl is a bowl. I told her it wasn't, not to me, and she rolled her eyes and said I was " +
  "being dramatic about kitchenware. So I washed the bowl, dried it, and took it to my room, and put the dough in a saucepan. " +
  "She didn't speak to me for two days. Our other friends are split: some say I should have explained more, some say she should have asked first. " +
  "Yesterday she left a loaf on my desk with a note that just said 'Gerald says sorry'. I laughed, but I still don't know if we are okay.";

export const redditStory = defineTemplate<RedditStoryInputs, StoryOutputs>({
  id: "reddit_story",
  name: "Reddit Story",
  description:
    "Your own story, narrated over gameplay footage with a Reddit-style title card and word-synced captions. Nothing is generated.",
  inputs: RedditStoryInputs,
  rules: redditRules,
  voiceFields: ["/voiceId"],
  voiceSet: VOICE_SET_B,
  narrationRules: (inputs) =>
    "silent" in inputs
      ? [{ pointer: "/silent", message: "reddit_story is always narrated; remove silent", code: "narration_required" }]
      : [],
  narratedLanguages: (inputs) => [{ pointer: "/language", language: inputs.language }],
  impliedDefaults: { backgroundCategory: DEFAULT_BACKGROUND_CATEGORY },
  freeStep: {
    kind: "preview",
    projectKind: "preview",
    makes: "teasers",
    teaser: (inputs) => storyNarrationRequest(inputs, teaserScript(inputs.title, inputs.text)),
  },
  paidSteps: [narrationStep("narration", "estimated at 15 characters per second"), RENDER_STEP],
  notices: null,
  failures: {
    narration: "VOICE_TTS_FAILED",
    stages: ["MEDIA_FETCH_FAILED", "MEDIA_INVALID", "MEDIA_TOO_LONG", "MEDIA_QUOTA_EXCEEDED", "BACKGROUND_UNAVAILABLE", "MUSIC_UNAVAILABLE"],
  },
  notes: [
    "Narration is mandatory: there is no silent option, and the full story is always narrated, even with a projectId from a preview.",
    "POST /v1/previews returns a free ~10 s teaser (the title plus about the first 170 characters) with word captions and a projectId; it is never used as the video narration.",
    "Background: one of backgroundVideoAssetId, backgroundCategory or backgroundVideoUrl (Subway Surfers footage when none is set). Music: one of backgroundAudioAssetId or backgroundAudioUrl; with neither, a built-in chill loop plays (backgroundAudioVolume 0: no music).",
    "A category whose built-in footage is not generated yet (GET /v1/options backgrounds.categories[].ready false) is generated next while the video waits in preparing_media, its stage saying so; the video never gets another category's footage, and fails with BACKGROUND_UNAVAILABLE if the footage cannot be generated.",
    "Mix: the music is brought to the voice's loudness and ducked while the voice speaks, coming up between phrases; at the default backgroundAudioVolume (30) it sits about 17 dB under the voice while it speaks and 9 dB under it between phrases, in proportion to the volume. The title is read, a 0.5 s beat follows (the bed comes up under the title card's exit), then the story. The video ends 0.4 s after the last word, on its last caption.",
    "language (ISO 639-1, optionally with a region) is the language the story is written in and narrated in: any language in GET /v1/options voices[].languages (offline: English in festival's voices, about 100 more in espeak-ng's, among them es, de, fr, ru, ar, he, hi, ja, zh, ko, th). A language no voice of the deployment speaks is refused with 400 INVALID_INPUT naming inputs.language. A story left at en whose letters are mostly not Latin is narrated in the language detected from its text. Captions and the title card draw every script (Noto fonts), right-to-left scripts right to left; Chinese, Japanese and Thai captions go word by word.",
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

  stages: storyStages,
  compose: composeStory,
  estimate: estimateStory,
  usage: storyUsage,
  madeOf: storyMadeOf,
  publishSource: storyPublishSource,
});
