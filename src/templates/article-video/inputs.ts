import { Type } from "@sinclair/typebox";
import { checkText } from "../../content/safety.ts";
import { CAPTION_PRESET_IDS } from "../../../render/captions/presets.ts";
import { VOICE_SET_A } from "../../catalog/voices.ts";
import { RENDER_STEP, narrationStep } from "../credits.ts";
import { Closed, Enum, SilentField, HttpUrl, applyAnnotations, selectedBy } from "../schema-kit.ts";
import type { TemplateDefinition } from "../template.ts";

const Source = Closed(
  {
    kind: Enum(["url", "text"] as const, { description: "`url` to fetch an article, `text` for pasted text." }),
    url: Type.Optional(HttpUrl({ maxLength: 2048, description: "Public article, blog or newsletter URL (kind=url)." })),
    text: Type.Optional(
      Type.String({ minLength: 1, maxLength: 60000, description: "Pasted article text (kind=text); must be 90 to 4000 words after extraction." }),
    ),
  },
  { description: "Where the article comes from: `{kind: \"url\", url}` or `{kind: \"text\", text}`." },
);

export const ArticleVideoInputs = Closed({
  source: Source,
  length: Type.Optional(
    Enum(["short", "standard", "deep"] as const, { default: "standard", description: "short (~30 s), standard (~60 s), deep (~90 s)." }),
  ),
  tone: Type.Optional(Enum(["explainer", "punchy", "authority"] as const, { default: "explainer", description: "Script tone." })),
  voiceId: Type.Optional(Enum(VOICE_SET_A, { default: "onwK4e9ZLuTAKqWW03F9", description: "Narrator (voice set A)." })),
  captionPresetId: Type.Optional(
    Enum(CAPTION_PRESET_IDS, { description: "Caption style; the template's own style when omitted." }),
  ),
  silent: SilentField(),
});

const rules = [selectedBy(Source, ["source"], "kind", { url: "url", text: "text" })];
applyAnnotations(rules);

export const articleVideo: TemplateDefinition = {
  id: "article_video",
  name: "Article to Video",
  description:
    "A URL or pasted text becomes a narrated short with word-synced captions over a looping background chosen server-side.",
  inputs: ArticleVideoInputs,
  rules,
  voiceFields: ["/voiceId"],
  voiceSet: VOICE_SET_A,
  narrationRules: () => [],
  contentRefusal: (inputs) => {
    const source = inputs.source as { kind: string; text?: string };
    const refusal = source.kind === "text" ? checkText(source.text ?? "") : null;
    return refusal && { pointer: "/source/text", reason: refusal.reason };
  },
  impliedDefaults: {},
  freeTools: ["script"],
  paidSteps: [narrationStep("narration", "of the script"), RENDER_STEP],
  notes: [
    "The script is AI-drafted from the source: every figure, quote and named person in it appears in the source. Check it before publishing.",
    "POST /v1/scripts writes the script for free and returns a projectId; pass it to POST /v1/videos to reuse the script. Option fields (voice, captions) still apply.",
    "A URL that cannot be read fails the video with INGEST_FAILED; a source under 90 words with SOURCE_TOO_SHORT. Text over 4000 words is cut to 4000.",
    "Background footage is chosen server-side.",
  ],
  examples: {
    minimal: { source: { kind: "url", url: "https://example.com/blog/how-tides-work" } },
    full: {
      source: {
        kind: "text",
        text: [
          "Tides are the slow rise and fall of the sea, and they are driven mostly by the Moon.",
          "The Moon's gravity pulls on the ocean facing it a little harder than on the Earth's centre, and pulls on the centre a little harder than on the far side.",
          "That difference stretches the oceans into two bulges, one under the Moon and one opposite it.",
          "As the Earth turns beneath those bulges each day, most coasts see two high tides and two low tides, about twelve hours and twenty-five minutes apart.",
          "The Sun adds a smaller pull of its own. When Sun and Moon line up, at new and full moon, their pulls add up and the range is largest: these are spring tides.",
          "When they pull at right angles, at the quarter moons, the range is smallest: these are neap tides.",
          "Coastlines shape the rest. In a funnel-shaped bay the incoming water piles up, which is why the Bay of Fundy in Canada sees some of the highest tides on Earth.",
        ].join(" "),
      },
      length: "short",
      tone: "punchy",
      voiceId: "JBFqnCBsd6RMkjVDRZzb",
      captionPresetId: "beast",
      silent: false,
    },
  },
};
