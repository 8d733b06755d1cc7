import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { OutboundError, type OutboundPolicy, outboundRequest } from "../net/outbound.ts";
import { splitHeader } from "./article-header.ts";
import { ContentError } from "./errors.ts";
import type { ArticleSource } from "./extractive-writer.ts";
import { capWords, countWords, toParagraphs } from "./text.ts";

export const MIN_SOURCE_WORDS = 90;
export const MAX_SOURCE_WORDS = 4000;
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

export interface IngestedSource extends ArticleSource {
  url: string | null;
  wordCount: number;
  /** The source was longer than 4000 words and was cut. */
  truncated: boolean;
}

/** Articles may be http or https, on public addresses (private ones only with UNSAFE_ALLOW_PRIVATE_URLS). */
export function articlePolicy(config: { allowPrivateUrls: boolean; outboundCa?: string }): OutboundPolicy {
  return { allowPrivate: config.allowPrivateUrls, schemes: ["https:", "http:"], ca: config.outboundCa };
}

/** Pure: paragraphs checked against the word limits (under 90 refused, over 4000 cut). */
export function boundSource(title: string | null, paragraphs: string[], url: string | null, about: { byline?: string | null; site?: string | null } = {}): IngestedSource {
  const words = countWords(paragraphs.join(" "));
  if (words < MIN_SOURCE_WORDS) {
    throw new ContentError("SOURCE_TOO_SHORT", `The ${url ? "article" : "text"} has ${words} words after extraction; a script needs at least ${MIN_SOURCE_WORDS}.`);
  }
  const capped = capWords(paragraphs, MAX_SOURCE_WORDS);
  return { title, byline: about.byline ?? null, site: about.site ?? null, paragraphs: capped.paragraphs, url, wordCount: Math.min(words, MAX_SOURCE_WORDS), truncated: capped.cut };
}

/** Pasted text: the title, byline and site lines above the body are read as such, not narrated. */
export function sourceFromText(text: string): IngestedSource {
  const { header, paragraphs } = splitHeader(text);
  return boundSource(header.title, paragraphs, null, header);
}

/**
 * Pure: the text a script is checked against: the body and what the article says about itself (its
 * title, byline and site), which the writer may name ("the Go team says").
 */
export function referenceText(source: ArticleSource): string {
  return [source.title, source.byline, source.site, ...source.paragraphs].filter((p): p is string => Boolean(p)).join("\n\n");
}

function blockTexts(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks = [...document.querySelectorAll("p, li, blockquote, pre")].filter((el) => !el.querySelector("p, li"));
  const texts = blocks.map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()).filter((t) => t.length > 0);
  return texts.length > 0 ? texts : toParagraphs(document.body?.textContent ?? "");
}

/** JSON-LD articleBody or the page description: what a thin page still says about its article. */
type Page = ReturnType<typeof parseHTML>["document"];

function metadataText(document: Page): string[] {
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const data = JSON.parse(script.textContent ?? "");
      for (const item of [data, ...(Array.isArray(data) ? data : []), ...(Array.isArray(data?.["@graph"]) ? data["@graph"] : [])]) {
        if (item && typeof item.articleBody === "string" && item.articleBody.trim()) return toParagraphs(item.articleBody);
      }
    } catch {
      // a broken JSON-LD block says nothing
    }
  }
  const description = document.querySelector('meta[property="og:description"], meta[name="description"]')?.getAttribute("content");
  return description ? [description.trim()] : [];
}

/** Pure: the article in an HTML page, as paragraphs (readability over linkedom). */
export function extractArticle(html: string, url: string): IngestedSource {
  const { document } = parseHTML(html);
  let title = document.querySelector("title")?.textContent?.trim() || null;
  let paragraphs: string[] = [];
  const about: { byline?: string | null; site?: string | null } = {};
  try {
    const article = new Readability(document as never).parse();
    if (article?.content) paragraphs = blockTexts(article.content);
    if (article?.title) title = article.title.trim();
    about.byline = article?.byline?.trim().replace(/^by\s+/i, "") || null;
    about.site = article?.siteName?.trim() || null;
  } catch {
    // unreadable markup: fall through to the metadata
  }
  if (countWords(paragraphs.join(" ")) < MIN_SOURCE_WORDS) {
    // Readability rewrote the first document; the metadata is read from a fresh parse.
    const fallback = metadataText(parseHTML(html).document);
    if (countWords(fallback.join(" ")) > countWords(paragraphs.join(" "))) paragraphs = fallback;
  }
  if (paragraphs.length === 0) throw new ContentError("INGEST_FAILED", `No article text could be found at ${url}.`);
  return boundSource(title, paragraphs, url, about);
}

function charsetOf(contentType: string): string {
  const m = /charset=["']?([\w-]+)/i.exec(contentType);
  return m?.[1]?.toLowerCase() ?? "utf-8";
}

/** Fetches a public article page through the outbound guard and extracts it. */
export async function ingestUrl(url: string, policy: OutboundPolicy): Promise<IngestedSource> {
  let response;
  try {
    response = await outboundRequest(
      url,
      { timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_PAGE_BYTES, maxRedirects: 5, headers: { accept: "text/html,application/xhtml+xml", "user-agent": "shortvid-article-reader/1.0" } },
      policy,
    );
  } catch (error) {
    if (error instanceof OutboundError) throw new ContentError("INGEST_FAILED", `The article at ${url} could not be fetched: the URL ${error.message}.`);
    throw error;
  }
  if (response.status !== 200) throw new ContentError("INGEST_FAILED", `The article at ${url} answered HTTP ${response.status}.`);
  const type = String(response.headers["content-type"] ?? "");
  if (!/text\/html|application\/xhtml\+xml/i.test(type)) {
    throw new ContentError("INGEST_FAILED", `${url} is not an HTML page (${type.split(";")[0] || "no content type"}).`);
  }
  let html: string;
  try {
    html = new TextDecoder(charsetOf(type) as "utf-8").decode(response.body);
  } catch {
    html = new TextDecoder().decode(response.body);
  }
  return extractArticle(html, response.url || url);
}
