/** Small text helpers shared by the writers and checks: words, folding, stems. */

export function countWords(text: string): number {
  const m = text.match(/\S+/g);
  return m ? m.length : 0;
}

/** Cuts text to its first `max` words, keeping paragraph breaks. */
export function capWords(paragraphs: string[], max: number): { paragraphs: string[]; cut: boolean } {
  const out: string[] = [];
  let left = max;
  for (const p of paragraphs) {
    if (left <= 0) return { paragraphs: out, cut: true };
    const words = p.split(/\s+/).filter(Boolean);
    if (words.length <= left) {
      out.push(p);
      left -= words.length;
    } else {
      out.push(words.slice(0, left).join(" "));
      return { paragraphs: out, cut: true };
    }
  }
  return { paragraphs: out, cut: false };
}

/** Paragraphs of plain text: blank lines separate paragraphs, single newlines are soft wraps. */
export function toParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p.length > 0);
}

/** Lower case, curly quotes and dashes made plain, accents kept (names like "Zürich" must still match). */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/[\u2013\u2014]/g, "-");
}

/** Words of folded text with punctuation dropped, for substring matching of quotes and names. */
export function plainWords(text: string): string[] {
  return fold(text)
    .replace(/'s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between both but by can " +
    "could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i " +
    "if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own " +
    "same she should so some such than that the their theirs them themselves then there these they this those through to too under until " +
    "up very was we were what when where which while who whom why will with would you your yours yourself yourselves said says one new"
  ).split(" "),
);

/** A crude suffix stripper: enough for similarity between sentences of one article. */
export function stem(word: string): string {
  let w = word;
  for (const suffix of ["ational", "ization", "fulness", "ousness", "iveness", "ingly", "ments", "ment", "ness", "ings", "ing", "edly", "ies", "ied", "ed", "es", "ly", "s"]) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

/** Stemmed content words of a sentence. */
export function contentStems(text: string): Set<string> {
  return new Set(plainWords(text).filter((w) => !STOPWORDS.has(w) && w.length > 1).map(stem));
}

/** Dice similarity of two sets. */
export function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return (2 * shared) / (a.size + b.size);
}
