import { toParagraphs } from "./text.ts";

/**
 * What a pasted article says about itself above its body: a title, a byline, the site it came from and a
 * date. Readers paste posts as they see them, header lines first; read as body text those lines become
 * "sentences" without a verb, and the title (the best summary the article has) is lost.
 */
export interface ArticleHeader {
  title: string | null;
  byline: string | null;
  site: string | null;
}

const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const DATE_LINE = new RegExp(`^(?:(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?)\\s+\\d{4}$|^\\d{4}-\\d{2}-\\d{2}$`, "i");
const BYLINE = /^(by|posted by|written by|authors?:)\s+\S|,\s+for the\s|\bteam$/i;
const SITE = /\b(blog|news|insider|wikinews|journal|times|gazette|digest|newsletter)$/i;
/** A header line: short and not a sentence (no full stop at its end). */
const MAX_HEADER_WORDS = 16;
const MAX_HEADER_LINES = 6;

function isHeaderLine(line: string): boolean {
  const words = line.split(/\s+/).filter(Boolean).length;
  return words > 0 && words <= MAX_HEADER_WORDS && !/[.!?:;,]["\u201d')]?$/.test(line);
}

/** Splits a date off a line such as "May 15, 2015 · The Rust Core Team". */
function withoutDate(line: string): string {
  return line
    .split(/\s+[\u00b7|\u2022\u2013\u2014-]\s+/)
    .filter((part) => !DATE_LINE.test(part.trim()))
    .join(" \u00b7 ")
    .trim();
}

/**
 * Pure: the header lines of pasted text and the paragraphs of its body. Only lines before the first
 * sentence-like line count, and a one-line text is all body: a text made only of headings has nothing to
 * narrate, and a lone first sentence without a full stop is still the article.
 */
export function splitHeader(text: string): { header: ArticleHeader; paragraphs: string[] } {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const header: ArticleHeader = { title: null, byline: null, site: null };
  let consumed = 0;
  let seen = 0;
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (seen >= MAX_HEADER_LINES || !isHeaderLine(line)) break;
    seen++;
    const rest = withoutDate(line);
    if (!rest) {
      consumed = i + 1;
      continue;
    }
    if (header.title && !header.byline && BYLINE.test(rest)) header.byline = rest.replace(/^(by|posted by|written by|authors?:)\s+/i, "");
    else if (header.title && !header.site && SITE.test(rest)) header.site = rest;
    else if (!header.title) header.title = rest;
    else break;
    consumed = i + 1;
  }
  const body = toParagraphs(lines.slice(consumed).join("\n"));
  if (consumed === 0 || body.length === 0) return { header: { title: null, byline: null, site: null }, paragraphs: toParagraphs(text) };
  // A lone exclamation after the title ("Happy birthday, Go!") is body: it ends with punctuation.
  return { header, paragraphs: body };
}

export interface Attribution {
  /** Who "we" or "I" is, as a sentence names them first ("the Go team", "Austin Clements"). */
  full: string;
  /** The same, named again ("the team", "Clements"). */
  short: string;
}

const GROUP = /\b[Tt]he ((?:[A-Z][\w.+#-]*\s+){1,3})(team|project|developers|maintainers|community)\b/g;

/** The "the X team/project" the text names most (twice at least). */
function namedGroup(text: string): Attribution | null {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(GROUP)) {
    const name = `the ${m[1]!.trim()} ${m[2]!}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  // Named once, a group is more likely a subject of the article than its writer.
  return best && counts.get(best)! >= 2 ? { full: best, short: `the ${best.split(" ").at(-1)}` } : null;
}

/**
 * Pure: who the first person of an article is. In order: the group a byline writes for ("Austin Clements,
 * for the Go team"), the group behind a project's site ("The Go Blog" is the Go team's, "Debian Project
 * News" the Debian project's), the group the article names most ("the Rust team"), a byline of one
 * person, else "the author" or "the writers". Every name it returns is in the header or the body, so it passes the fidelity check.
 */
export function attributionFor(source: { byline?: string | null; site?: string | null; title?: string | null; paragraphs: string[] }, plural: boolean): Attribution {
  const forGroup = source.byline?.match(/\bfor the\s+(.+)$/i)?.[1];
  if (forGroup) return { full: `the ${forGroup.trim()}`, short: `the ${forGroup.trim().split(/\s+/).at(-1)}` };
  const byGroup = source.byline?.match(/^(?:the\s+)?((?:[A-Z][\w.+#-]*\s+){1,3}?)(?:core\s+)?team$/i)?.[1];
  if (byGroup) return { full: `the ${byGroup.trim()} team`, short: "the team" };
  const blog = source.site?.match(/^(?:the\s+)?((?:[A-Z][\w.+#-]*\s+){1,2}?)(blog|news|project news|insider)$/i);
  if (blog) {
    const group = /project/i.test(blog[2]!) ? "project" : "team";
    return { full: `the ${blog[1]!.trim()} ${group}`, short: `the ${group}` };
  }
  const named = namedGroup([source.byline ?? "", ...source.paragraphs].join("\n"));
  if (named) return named;
  const person = source.byline?.match(/^([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'.-]*){1,3})$/u)?.[1];
  if (person) return { full: person, short: person.split(/\s+/).at(-1)! };
  return plural ? { full: "the writers", short: "the writers" } : { full: "the author", short: "the author" };
}
