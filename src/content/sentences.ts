import type Model from "wink-eng-lite-web-model";
import type winkNLP from "wink-nlp";
import { onFirstUse } from "../kernel/on-first-use.ts";

const nlp = onFirstUse(() => (require("wink-nlp") as typeof winkNLP)(require("wink-eng-lite-web-model") as typeof Model));

/**
 * Whether every double quotation a text opens is closed in it: straight quotes pair up in order, curly and
 * angle quotes open and close. Single quotes are left out: ’ and ' are apostrophes far more often.
 */
export function quotesBalanced(text: string): boolean {
  const straight = (text.match(/"/g) ?? []).length;
  let depth = 0;
  for (const ch of text) {
    if (ch === "\u201c" || ch === "\u00ab") depth++;
    else if (ch === "\u201d" || ch === "\u00bb") {
      if (--depth < 0) return false;
    }
  }
  return straight % 2 === 0 && depth === 0;
}

/**
 * Sentences of a paragraph. wink-nlp's model keeps abbreviations ("Dr.", "U.S."), initials, decimals and
 * quoted speech inside their sentence, which a regex or Intl.Segmenter does not; it loads once (~90 ms).
 * A quotation of several sentences is split by the model like any other text, so the sentences it spans
 * are joined again: a sentence on its own would open a quote and never close it (or close one never
 * opened). A paragraph that ends inside a quotation (news style for a quote running on) leaves its last
 * sentence unbalanced; callers that need whole quotes check `quotesBalanced`.
 */
export function splitSentences(paragraph: string): string[] {
  const raw = nlp()
    .readDoc(paragraph)
    .sentences()
    .out()
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const out: string[] = [];
  let open: string | undefined;
  for (const sentence of raw) {
    const joined = open === undefined ? sentence : `${open} ${sentence}`;
    if (quotesBalanced(joined)) {
      out.push(joined);
      open = undefined;
    } else open = joined;
  }
  if (open !== undefined) out.push(open);
  return out;
}
