import type { ArticleSource } from "./extractive-writer.ts";
import { hasFigure, namedWords } from "./salience.ts";
import { countWords } from "./text.ts";

/** What the headline card that opens an article video says. */
export interface Headline {
  /** The article's title, or a hook line cut from the script's first sentence. */
  text: string;
  /** Where it is from, above the headline ("The Go Blog", "go.dev"). */
  kicker: string | null;
  /** Who wrote it, under the headline. */
  byline: string | null;
}

const MAX_HEADLINE_WORDS = 16;
const MAX_HOOK_LINE_WORDS = 12;

/** A page title without the site's name after a bar or dash ("How tides work | Example News"). */
function bareTitle(title: string, site: string | null): string {
  const parts = title.split(/\s+[|\u2013\u2014\u00b7]\s+|\s+-\s+/).map((p) => p.trim()).filter(Boolean);
  const kept = parts.filter((p) => !site || p.toLowerCase() !== site.toLowerCase());
  return (kept.length > 1 ? kept.reduce((a, b) => (countWords(b) > countWords(a) ? b : a)) : (kept[0] ?? title)).trim();
}

/**
 * A hook line from a sentence: its first clause that states a figure or a name (or its first clause),
 * cut to a dozen words. Always the sentence's own words, so the card is as faithful as the script.
 */
export function hookLine(sentence: string): string {
  // A sentence that opens on a quotation leads with someone's words: those are the line.
  const quoted = sentence.match(/^["\u201c]([^"\u201d]+)["\u201d]/)?.[1]?.replace(/[,.]$/, "").trim();
  if (quoted && countWords(quoted) >= 3 && countWords(quoted) <= MAX_HOOK_LINE_WORDS) return quoted;
  const clauses = sentence
    .replace(/[.!?]["\u201d')]*$/, "")
    .split(/[,;:]\s+|\s+[\u2013\u2014]\s+/)
    .map((c) => c.trim())
    // A clause that leans on the one before ("which is why...") does not stand alone.
    .filter((c) => countWords(c) >= 3 && !/^(which|who|whom|whose|that|and|but|or|so|when|while|where|because|although|though)\b/i.test(c));
  const concrete = (c: string) => hasFigure(c) || namedWords(c).length > 0;
  const line = clauses.find((c) => concrete(c) && countWords(c) <= MAX_HOOK_LINE_WORDS) ?? clauses.find(concrete) ?? clauses[0] ?? sentence;
  const words = line.split(/\s+/);
  const cut = words.length > MAX_HOOK_LINE_WORDS ? `${words.slice(0, MAX_HOOK_LINE_WORDS).join(" ").replace(/[,;:]$/, "")}\u2026` : line;
  // Quote marks cut from their pair would show alone on the card.
  const bare = cut.replace(/["\u201c\u201d]/g, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Pure: the card's text for a source and the script's first sentence. */
export function headlineFor(source: ArticleSource & { url?: string | null }, firstSentence: string): Headline {
  const site = source.site?.trim() || null;
  const title = source.title ? bareTitle(source.title, site) : null;
  const text = title && countWords(title) <= MAX_HEADLINE_WORDS && countWords(title) >= 2 ? title : hookLine(firstSentence);
  return { text, kicker: site ?? hostOf(source.url), byline: source.byline?.trim() || null };
}
