import { type Static, Type } from "@sinclair/typebox";
import { hookLine } from "../../content/headline.ts";
import { checkText } from "../../content/safety.ts";
import { splitSentences } from "../../content/sentences.ts";
import { countWords } from "../../content/text.ts";
import { component } from "../../kernel/components.ts";
import { Closed } from "../../kernel/schema-kit.ts";
import type { DraftEdit } from "../template.ts";
import { readOutput } from "../stages.ts";
import { type ArticleScriptContent, ArticleScriptOutput } from "./script.ts";

/**
 * The most words a script of the caller's may have: about two minutes read aloud, a third over the
 * `deep` length (~90 s), so a draft can be lengthened but the video stays a short.
 */
export const MAX_EDITED_SCRIPT_WORDS = 300;

export const ArticleScriptEdit = component(
  "ArticleScriptEdit",
  Closed(
    {
      text: Type.String({
        minLength: 1,
        maxLength: 3000,
        description: `What the narrator reads, in your words: at most ${MAX_EDITED_SCRIPT_WORDS} words. Line breaks are read as spaces. The first sentence is the hook the headline card opens over.`,
      }),
    },
    { description: "article_video: the script as you want it read. The title, source and headline's site and byline stay as written." },
  ),
);

type ScriptEdit = Static<typeof ArticleScriptEdit>;

const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

function scriptIssues(edit: unknown) {
  const text = normalized((edit as ScriptEdit).text);
  if (!/\p{L}/u.test(text)) return [{ pointer: "/text", code: "too_short", message: "must have words to read" }];
  const words = countWords(text);
  if (words > MAX_EDITED_SCRIPT_WORDS) return [{ pointer: "/text", code: "too_long", message: `must be at most ${MAX_EDITED_SCRIPT_WORDS} words (it has ${words})` }];
  return [];
}

function scriptRefusal(edit: unknown) {
  const refusal = checkText((edit as ScriptEdit).text);
  return refusal && { pointer: "/text", reason: refusal.reason };
}

/**
 * The script with the caller's text. The headline card keeps the article's title; a card that showed a
 * hook line cut from the first sentence is cut again from the new first sentence, so it never shows
 * words the narration no longer says.
 */
function applyScriptEdit(content: unknown, edit: unknown, editedAt: Date): ArticleScriptContent {
  const script = readOutput("generating_script", ArticleScriptOutput, content);
  const text = normalized((edit as ScriptEdit).text);
  const first = splitSentences(text)[0] ?? text;
  const oldFirst = splitSentences(script.text)[0] ?? script.text;
  const headline = script.headline && (script.headline.text === hookLine(oldFirst) ? { ...script.headline, text: hookLine(first) } : script.headline);
  return { ...script, text, wordCount: countWords(text), hookWords: countWords(first), ...(headline ? { headline } : {}), editedAt: editedAt.toISOString() };
}

export const articleScriptEdit: DraftEdit = {
  field: "script",
  schema: ArticleScriptEdit,
  issues: scriptIssues,
  refusal: scriptRefusal,
  apply: applyScriptEdit,
  notices: [
    "The script is as you edited it: its figures, quotes and names are no longer checked against the source.",
    "Fact-check it before publishing.",
  ],
};
