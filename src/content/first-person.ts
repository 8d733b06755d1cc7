import type { Attribution } from "./article-header.ts";
import { STOPWORDS } from "./text.ts";

/**
 * A narrator reading a project's "we" in a stranger's voice claims the project's work as their own. The
 * writer reports such sentences instead: "We shipped two releases" becomes "The Go team says they
 * shipped two releases". Words inside quotation marks are the speaker's and stay as they are.
 */

/** Straight, curly and angle double quotes: the spans between them are someone's own words. */
const QUOTED = /"[^"]*"|\u201c[^\u201d]*\u201d|\u00ab[^\u00bb]*\u00bb/g;

/** Calls `edit` on each stretch of text outside quotation marks. */
function outsideQuotes(text: string, edit: (plain: string) => string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(QUOTED)) {
    out += edit(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + edit(text.slice(last));
}

const APOS = "['\u2019]";
const FIRST_PERSON = /\b(?:[Ww]e|[Uu]s|[Oo]urs?|[Oo]urselves|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself)\b/;
const CANDIDATE_I = new RegExp(`\\bI(?=\\s+[a-z]|${APOS}[a-z])`, "g");

/**
 * Whether the "I" at `index` is the pronoun: after a name it is a numeral or a letter ("Part I of",
 * "World War I in"); after an ordinary word ("Then I think") or at the start it is the speaker.
 */
function pronounI(text: string, index: number): boolean {
  const before = text.slice(0, index).match(/([\p{L}']+)\s+$/u)?.[1];
  return !before || !/^\p{Lu}/u.test(before) || STOPWORDS.has(before.toLowerCase()) || OPENERS.has(before.toLowerCase());
}

/** Words that open sentences without being names. */
const OPENERS = new Set(["today", "yesterday", "then", "now", "here", "last", "next", "since", "after", "following", "looking", "over", "yes", "well"]);

export function hasFirstPerson(text: string): boolean {
  let found = false;
  outsideQuotes(text, (plain) => {
    if (FIRST_PERSON.test(plain) || [...plain.matchAll(CANDIDATE_I)].some((m) => pronounI(plain, m.index))) found = true;
    return plain;
  });
  return found;
}

/** "I" as the pronoun becomes "they", with the verbs that agree differently ("I am" -> "they are"). */
function swapI(text: string): string {
  return text.replace(new RegExp(`\\bI(\\s+am\\b|\\s+was\\b|${APOS}m\\b|(?=${APOS}(?:ve|ll|d)\\b)|(?=\\s+[a-z]))`, "g"), (match, verb: string, offset: number) => {
    if (!pronounI(text, offset)) return match;
    if (/am$/.test(verb)) return "they are";
    if (/was$/.test(verb)) return "they were";
    if (/m$/.test(verb)) return "they're";
    return "they";
  });
}

const SWAPS: [RegExp, string][] = [
  // Every verb form after "we" is the same after "they".
  [new RegExp(`\\b[Ww]e(?=${APOS}(?:re|ve|ll|d)\\b)`, "g"), "they"],
  [/\b[Ww]e\b/g, "they"],
  [/\b[Uu]s\b/g, "them"],
  [/\b[Mm]e\b/g, "them"],
  [/\b[Oo]urselves\b|\b[Mm]yself\b/g, "themselves"],
  [/\b[Oo]urs\b|\b[Mm]ine\b/g, "theirs"],
  [/\b[Oo]ur\b|\b[Mm]y\b/g, "their"],
];

/** Pure: first person outside quotes turned into the third ("we are" -> "they are", "our" -> "their"). */
export function toThirdPerson(sentence: string): string {
  return outsideQuotes(sentence, (plain) => SWAPS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), swapI(plain)));
}

const VERBS = ["says", "adds", "notes", "writes"];

/** The opening word of a sentence, lowered where it is an ordinary word, kept where it is a name. */
function continueSentence(text: string): string {
  const first = text.match(/^[\p{L}']+/u)?.[0] ?? "";
  const lowered = first.toLowerCase();
  if (first === "I" || !(STOPWORDS.has(lowered) || OPENERS.has(lowered))) return text;
  return lowered + text.slice(first.length);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Pure: a script's sentences with each first-person one reported ("The Go team says they ..."), named in
 * full the first time and shortly after ("The team adds ..."). A short lead-in stays in front ("In the past
 * five years, the Go team says their user base ...").
 */
export function attributeSentences(sentences: string[], who: Attribution): string[] {
  let reported = 0;
  return sentences.map((sentence) => {
    if (!hasFirstPerson(sentence)) return sentence;
    const name = reported === 0 ? who.full : who.short;
    const verb = VERBS[reported % VERBS.length]!;
    reported++;
    const third = toThirdPerson(sentence);
    const lead = third.match(/^([^,"\u201c]{2,40}),\s+(.+)$/);
    if (lead && lead[1]!.split(/\s+/).length <= 6 && !/\bthey|\bthem|\btheir/.test(lead[1]!)) {
      return `${lead[1]}, ${name} ${verb} ${continueSentence(lead[2]!)}`;
    }
    return `${capitalise(name)} ${verb} ${continueSentence(third)}`;
  });
}
