import { VOICE_SET_A } from "../../narration/voices.ts";
import { checkText } from "../../content/safety.ts";
import { RENDER_STEP, narrationStep } from "../credits.ts";
import { readOutput } from "../stages.ts";
import { defineTemplate } from "../template.ts";
import { articleRules, ArticleVideoInputs } from "./inputs.ts";
import { type ArticleOutputs, articleStages, articleUsage, composeArticle, estimateArticle } from "./production.ts";
import { ArticleScriptOutput, presentArticleScript, writeArticleContent } from "./script.ts";
import { articleScriptEdit } from "./script-edit.ts";
import { articleMadeOf, articlePublishSource } from "./publishing.ts";

const TIDES = [
  "Tides are the slow rise and fall of the sea, and they are driven mostly by the Moon.",
  "The Moon's gravity pulls on the ocean facing it a little harder than on the Earth's centre, and pulls on the centre a little harder than on the far side.",
  "That difference stretches the oceans into two bulges, one under the Moon and one opposite it.",
  "As the Earth turns beneath those bulges each day, most coasts see two high tides and two low tides, about twelve hours and twenty-five minutes apart.",
  "The Sun adds a smaller pull of its own. When Sun and Moon line up, at new and full moon, their pulls add up and the range is largest: these are spring tides.",
  "When they pull at right angles, at the quarter moons, the range is smallest: these are neap tides.",
  "Coastlines shape the rest. In a funnel-shaped bay the incoming water piles up, which is why the Bay of Fundy in Canada sees some of the highest tides on Earth.",
].join(" ");

export const articleVideo = defineTemplate<ArticleVideoInputs, ArticleOutputs>({
  id: "article_video",
  name: "Article to Video",
  description:
    "A URL or pasted text becomes a narrated short with word-synced captions over a looping background chosen server-side.",
  inputs: ArticleVideoInputs,
  rules: articleRules,
  voiceFields: ["/voiceId"],
  voiceSet: VOICE_SET_A,
  narrationRules: () => [],
  contentRefusal: (inputs) => {
    const refusal = inputs.source.kind === "text" ? checkText(inputs.source.text ?? "") : null;
    return refusal && { pointer: "/source/text", reason: refusal.reason };
  },
  impliedDefaults: {},
  freeStep: {
    kind: "script",
    projectKind: "script",
    makes: "scripts",
    write: (inputs, content) => writeArticleContent(inputs, content),
    present: (content, wordsPerSecond) => presentArticleScript(readOutput("generating_script", ArticleScriptOutput, content), wordsPerSecond),
    edit: articleScriptEdit,
  },
  paidSteps: [narrationStep("narration", "of the script"), RENDER_STEP],
  notices: [
    "The script is an AI draft written from your source: read it before publishing.",
    "Fact-check every figure, quote and name against the source; the service checks that each appears in the source, not that the source is right.",
  ],
  failures: { narration: "NARRATION_FAILED", draft: "SCRIPT_FAILED", stages: ["BACKGROUND_UNAVAILABLE", "SCRIPT_FAILED", "INGEST_FAILED", "SOURCE_TOO_SHORT"] },
  notes: [
    "The script is AI-drafted from the source: every figure, quote and named person in it appears in the source. Check it before publishing.",
    "POST /v1/scripts writes the script for free and returns a projectId; pass it to POST /v1/videos to reuse the script. Option fields (voice, captions) still apply.",
    "PATCH /v1/scripts/{projectId} {script: {text}} replaces the script with your own words (at most 300 words; the safety rules apply; free). Your text is not checked against the source, and a video made from the project afterwards carries notices that say so instead of calling it an AI draft; a video already made keeps the script it was made from.",
    "A URL that cannot be read fails the video with INGEST_FAILED; a source under 90 words with SOURCE_TOO_SHORT. Text over 4000 words is cut to 4000.",
    "Background footage and music are chosen server-side: a built-in loop of the tone's mood (explainer: chill, punchy: upbeat, authority: suspense), about 17 dB under the voice while it speaks and 9 dB under it between phrases (a silent video plays it throughout). The video ends 0.4 s after the last word, on its last caption.",
  ],
  examples: {
    minimal: { source: { kind: "url", url: "https://example.com/blog/how-tides-work" } },
    full: { source: { kind: "text", text: TIDES }, length: "short", tone: "punchy", voiceId: "JBFqnCBsd6RMkjVDRZzb", captionPresetId: "beast", silent: false },
  },

  stages: articleStages,
  compose: composeArticle,
  estimate: estimateArticle,
  usage: articleUsage,
  madeOf: articleMadeOf,
  publishSource: articlePublishSource,
});
