import { type Static, Type } from "@sinclair/typebox";
import { CAPTION_PRESET_IDS } from "../../../render/captions/presets.ts";
import { VOICE_SET_A } from "../../narration/voices.ts";
import { Closed, Defaulted, Enum, HttpUrl, SilentField, applyAnnotations, selectedBy } from "../../kernel/schema-kit.ts";

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
  length: Defaulted(
    Enum(["short", "standard", "deep"] as const, { default: "standard", description: "short (~30 s), standard (~60 s), deep (~90 s)." }),
  ),
  tone: Defaulted(Enum(["explainer", "punchy", "authority"] as const, { default: "explainer", description: "Script tone." })),
  voiceId: Defaulted(Enum(VOICE_SET_A, { default: "onwK4e9ZLuTAKqWW03F9", description: "Narrator (voice set A)." })),
  captionPresetId: Type.Optional(
    Enum(CAPTION_PRESET_IDS, { description: "Caption style; the template's own style when omitted." }),
  ),
  silent: SilentField(),
});

export type ArticleVideoInputs = Static<typeof ArticleVideoInputs>;

export const articleRules = [selectedBy(Source, ["source"], "kind", { url: "url", text: "text" })];
applyAnnotations(articleRules);
