import { checkFidelity, describeUnverified } from "./fidelity.ts";
import { hasFirstPerson } from "./first-person.ts";
import { referenceText } from "./ingest.ts";
import type { ArticleSource } from "./extractive-writer.ts";
import { checkText } from "./safety.ts";
import { hasFigure, namedWords } from "./salience.ts";
import { splitSentences } from "./sentences.ts";
import { countWords } from "./text.ts";

/**
 * The rules every article script meets before it is narrated, whoever wrote it: safe, about the length
 * asked for, faithful to the source (the script and the headline card), opening on something concrete,
 * reporting first person instead of speaking it, and without filler.
 */

/** Lines that could open or close any script: they tell the viewer nothing and announce what does not follow. */
const FILLER = [
  /\bhere(?:'s| is) (?:how it works|the deal|what you need to know|the thing)\b/i,
  /\bhere are the facts\b/i,
  /\bthat(?:'s| is) the short version\b/i,
  /\bthat(?:'s| is) where things stand\b/i,
  /\bwild,? right\?/i,
  /\blet(?:'s| us) dive in\b/i,
  /\bbuckle up\b/i,
  /\byou won'?t believe\b/i,
  /\bstay tuned\b/i,
];

export function fillerIn(text: string): string | null {
  for (const pattern of FILLER) {
    const m = text.match(pattern);
    if (m) return m[0];
  }
  return null;
}

/** Whether a sentence can open a video: it states a figure or names someone or something. */
export function isConcrete(sentence: string): boolean {
  return hasFigure(sentence) || namedWords(sentence).length > 0;
}

/** Pure: why an article script (and the headline shown with it) cannot be narrated as it is, or null. */
export function scriptProblems(text: string, headline: string, source: ArticleSource, budget: number): string | null {
  const safety = checkText(`${headline}\n${text}`);
  if (safety) return `the script was refused because ${safety.reason}`;
  const words = countWords(text);
  if (words < budget * 0.6 || words > budget * 1.4) return `the script has ${words} words; it must have about ${budget}`;
  const reference = referenceText(source);
  const fidelity = checkFidelity(text, reference);
  if (!fidelity.ok) return `these are not in the source: ${describeUnverified(fidelity.unverified)}`;
  const card = checkFidelity(headline, reference);
  if (!card.ok) return `the headline states what is not in the source: ${describeUnverified(card.unverified)}`;
  const filler = fillerIn(text);
  if (filler) return `"${filler}" is filler; every sentence must carry a fact from the source`;
  const sentences = splitSentences(text);
  if (!isConcrete(sentences[0] ?? "")) return "the first sentence must be a hook stating the source's most striking figure, name or claim";
  const spoken = sentences.find(hasFirstPerson);
  if (spoken) return `"${spoken}" speaks in the first person; report it instead (who says it)`;
  return null;
}
