import type { Logger } from "../kernel/logger.ts";
import { DEFAULT_WORDS_PER_SECOND } from "./extractive-writer.ts";
import { articlePolicy, type IngestedSource, ingestUrl } from "./ingest.ts";
import { createLlmClient, type LlmSettings } from "./llm/client.ts";
import { type ContentWriter, createContentWriter } from "./writer.ts";

/** What the article and quiz templates need to write their content. */
export interface ContentPorts {
  writer: ContentWriter;
  /** Fetches and extracts an article through the outbound guard. */
  ingestUrl(url: string): Promise<IngestedSource>;
  /** The narrator's pace, so a script of a given length reads for about that long. */
  wordsPerSecond: number;
}

export function createContentPorts(
  config: { llm: LlmSettings | null; allowPrivateUrls: boolean; outboundCa?: string },
  log: Logger,
): ContentPorts {
  const policy = articlePolicy(config);
  return {
    writer: createContentWriter(config.llm ? createLlmClient(config.llm) : null, log),
    ingestUrl: (url) => ingestUrl(url, policy),
    // Measured: the offline voices read 2.5-2.8 words a second, as do typical hosted voices.
    wordsPerSecond: DEFAULT_WORDS_PER_SECOND,
  };
}
