import { Type } from "@sinclair/typebox";
import { ContentError } from "../../content/errors.ts";
import { SCRIPT_LENGTHS, type ScriptLength, TONES, type Tone } from "../../content/extractive-writer.ts";
import type { IngestedSource } from "../../content/ingest.ts";
import { sourceFromText } from "../../content/ingest.ts";
import type { ContentPorts } from "../../content/ports.ts";
import type { Headline } from "../../content/headline.ts";
import type { Generator } from "../../content/writer.ts";
import { storedAs } from "../stages.ts";
import type { ArticleVideoInputs } from "./inputs.ts";

/** An article script as it is stored on a draft project and in the video's script stage. */
export interface ArticleScriptContent {
  kind: "article_script";
  title: string | null;
  sourceUrl: string | null;
  sourceWords: number;
  truncated: boolean;
  length: ScriptLength;
  tone: Tone;
  text: string;
  wordCount: number;
  /** The card that opens the video; absent from scripts saved before videos had one. */
  headline?: Headline;
  /** Words of the hook, the first sentence, which the card shows over. */
  hookWords?: number;
  generator: Generator;
  /** When the caller last replaced the text with their own (PATCH /v1/scripts/{projectId}). */
  editedAt?: string;
}

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** How the generating_script stage's output (or a draft saved on a project) is stored. */
export const ArticleScriptOutput = storedAs<ArticleScriptContent>()(
  Type.Object({
    kind: Type.Literal("article_script"),
    title: NullableString,
    sourceUrl: NullableString,
    sourceWords: Type.Number(),
    truncated: Type.Boolean(),
    length: Type.Union(SCRIPT_LENGTHS.map((l) => Type.Literal(l))),
    tone: Type.Union(TONES.map((t) => Type.Literal(t))),
    text: Type.String(),
    wordCount: Type.Number(),
    headline: Type.Optional(Type.Object({ text: Type.String(), kicker: NullableString, byline: NullableString })),
    hookWords: Type.Optional(Type.Number()),
    generator: Type.Union([Type.Literal("offline"), Type.Literal("llm")]),
    editedAt: Type.Optional(Type.String()),
  }),
);

/** Reads the source (URL or pasted text) and writes its script. */
export async function writeArticleContent(inputs: ArticleVideoInputs, content: ContentPorts): Promise<ArticleScriptContent> {
  // The kind rule makes the field of the chosen kind present.
  const source: IngestedSource = inputs.source.kind === "url" ? await content.ingestUrl(inputs.source.url!) : sourceFromText(inputs.source.text!);
  const script = await content.writer.articleScript(source, { length: inputs.length, tone: inputs.tone, wordsPerSecond: content.wordsPerSecond });
  if (!script.text) throw new ContentError("SCRIPT_FAILED", "No script could be written from the source.");
  return {
    kind: "article_script",
    title: source.title,
    sourceUrl: source.url,
    sourceWords: source.wordCount,
    truncated: source.truncated,
    length: inputs.length,
    tone: inputs.tone,
    text: script.text,
    wordCount: script.wordCount,
    headline: script.headline,
    hookWords: script.hookWords,
    generator: script.generator,
  };
}

/** The script as POST /v1/scripts shows it, with how long it reads at the narrator's pace. */
export function presentArticleScript(content: ArticleScriptContent, wordsPerSecond: number) {
  const { kind: _kind, generator: _generator, hookWords: _hookWords, editedAt: _editedAt, ...script } = content;
  return { script: { ...script, estimatedSeconds: Math.round((content.wordCount / wordsPerSecond) * 10) / 10 } };
}
