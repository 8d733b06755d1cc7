import type Compromise from "compromise";
import { onFirstUse } from "../kernel/on-first-use.ts";
import { splitSentences } from "../content/sentences.ts";
import { fold, STOPWORDS, toParagraphs } from "../content/text.ts";
import { namedWords } from "../content/salience.ts";
import { PLATFORM_LIMITS, type PublishKit } from "./model.ts";

/**
 * Pure pieces of a publish kit: the script's sentences and key phrases, hashtags made from them, and
 * the assembly of a kit that fits every platform's limits whoever wrote its words.
 */

/** `text` cut to `max` characters at a word boundary, with an ellipsis when cut. */
export function clampText(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

const nlp = onFirstUse(() => require("compromise") as typeof Compromise);

/** Nouns that name no subject: a hashtag of one tells a viewer nothing. */
const GENERIC_NOUNS = new Set(["back", "half", "way", "thing", "things", "time", "times", "lot", "part", "side", "end", "kind", "sort", "bit", "today", "people", "everyone", "someone", "anyone"]);

/** Words the parser reads as nouns: subjects make hashtags, verbs ("taking", "started") do not. */
function nounsOf(text: string): Set<string> {
  const terms = nlp()(text).match("#Noun").terms().out("array") as string[];
  return new Set(terms.map((t) => fold(t.replace(/[^\p{L}\p{N}'-]+/gu, ""))));
}

export function sentencesOf(text: string): string[] {
  return toParagraphs(text).flatMap(splitSentences);
}

/** Whole sentences from the start while they fit in `max` characters (at least the first, clamped). */
export function leadingSentences(sentences: readonly string[], max: number): string {
  let out = "";
  for (const s of sentences) {
    // Lines without a full stop (chat messages) stay lines.
    const next = out ? `${out}${/[.!?…"')\]]$/u.test(out) ? " " : "\n"}${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  return out || clampText(sentences[0] ?? "", max);
}

/** A hashtag made of one word or phrase: letters, digits and underscores only, and at least one letter. */
export function hashtagOf(phrase: string): string | null {
  const words = phrase.normalize("NFC").split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
  if (words.length === 0) return null;
  const tag = words.length === 1 ? words[0]! : words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  // A figure in a hashtag is a figure stated: hashtags carry names and subjects only.
  if (!/^[\p{L}_]+$/u.test(tag) || tag.length < 3 || tag.length > 40) return null;
  return `#${tag}`;
}

/**
 * The script's key phrases, most telling first: the title's names and content words, then names the
 * script repeats, then its most used content words. Every phrase is a word of the script as written.
 */
export function keyPhrases(title: string | null, text: string, max = 20): string[] {
  const counts = new Map<string, { phrase: string; count: number; first: number; named: boolean }>();
  let order = 0;
  const add = (word: string, named: boolean, weight = 1) => {
    const key = fold(word);
    if (key.length < 3 || STOPWORDS.has(key) || !/^\p{L}+$/u.test(key)) return;
    const entry = counts.get(key) ?? { phrase: word, count: 0, first: order++, named };
    entry.count += weight;
    entry.named ||= named;
    counts.set(key, entry);
  };
  const titleNames = new Set(title ? namedWords(` ${title}`).map(fold) : []);
  const nouns = nounsOf(`${title ?? ""}\n\n${text}`);
  for (const w of title?.split(/[^\p{L}\p{N}'-]+/u) ?? []) if (w) add(titleNames.has(fold(w)) ? w : w.toLowerCase(), titleNames.has(fold(w)), 3);
  for (const sentence of sentencesOf(text)) {
    const names = new Set(namedWords(sentence));
    for (const w of sentence.split(/[^\p{L}\p{N}'-]+/u)) {
      const word = w.replace(/^['-]+|['-]+$/g, "").replace(/['\u2019]s$/u, "");
      if (!word) continue;
      add(names.has(word) ? word : word.toLowerCase(), names.has(word), names.has(word) ? 2 : 1);
    }
  }
  return [...counts.values()]
    .filter((e) => e.named || (e.count >= 2 && nouns.has(fold(e.phrase)) && !GENERIC_NOUNS.has(fold(e.phrase))))
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, max)
    .map((e) => e.phrase);
}

/** Distinct hashtags of `phrases`, at most `max`. */
export function hashtagsOf(phrases: readonly string[], max: number): string[] {
  const out: string[] = [];
  for (const p of phrases) {
    const tag = hashtagOf(p);
    if (tag && !out.some((t) => fold(t) === fold(tag))) out.push(tag);
    if (out.length >= max) break;
  }
  return out;
}

/** Characters YouTube counts for a tag list: each tag, quotes around a tag with a space, commas between. */
export function youtubeTagsLength(tags: readonly string[]): number {
  return tags.reduce((n, t) => n + t.length + (/\s/.test(t) ? 2 : 0), 0) + Math.max(0, tags.length - 1);
}

/** Tags from the phrases while they fit YouTube's 500 characters. */
export function youtubeTags(phrases: readonly string[]): string[] {
  const tags: string[] = [];
  for (const p of phrases) {
    const tag = p.replace(/[<>,"]/g, "").trim();
    if (!tag || tags.some((t) => fold(t) === fold(tag))) continue;
    if (youtubeTagsLength([...tags, tag]) > PLATFORM_LIMITS.youtube.tagsChars) break;
    tags.push(tag);
  }
  return tags;
}

/** Text, then a blank line and the hashtags, within `max` characters (the text is cut, never a hashtag). */
function withHashtags(text: string, hashtags: readonly string[], max: number): string {
  const tail = hashtags.length > 0 ? `\n\n${hashtags.join(" ")}` : "";
  return `${clampText(text, max - tail.length)}${tail}`.trim();
}

export interface KitWords {
  title: string;
  /** A few sentences: YouTube's description and Instagram's caption. */
  description: string;
  /** One line: TikTok's caption. */
  caption: string;
  /** Key phrases, most telling first: tags and hashtags are made from them. */
  phrases: string[];
}

/** A kit within every platform's limits from its words, whoever wrote them. */
export function assembleKit(words: KitWords, generator: PublishKit["generator"]): PublishKit {
  const youtubeHashtags = hashtagsOf(words.phrases, 3);
  const tiktokHashtags = hashtagsOf(words.phrases, 5);
  const instagramHashtags = hashtagsOf(words.phrases, 10);
  const title = clampText(words.title, PLATFORM_LIMITS.youtube.titleChars);
  return {
    generator,
    youtube: {
      title,
      description: withHashtags(words.description, youtubeHashtags, PLATFORM_LIMITS.youtube.descriptionChars),
      tags: youtubeTags(words.phrases),
      hashtags: youtubeHashtags,
    },
    tiktok: { caption: withHashtags(words.caption, tiktokHashtags, PLATFORM_LIMITS.tiktok.captionChars), hashtags: tiktokHashtags },
    instagram: {
      caption: withHashtags(`${title}\n\n${words.description}`, instagramHashtags, PLATFORM_LIMITS.instagram.captionChars),
      hashtags: instagramHashtags,
    },
  };
}
