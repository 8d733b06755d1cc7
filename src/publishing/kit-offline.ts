import type { PublishKit, PublishSource } from "./model.ts";
import { assembleKit, keyPhrases, leadingSentences, sentencesOf } from "./kit-text.ts";

/** Characters of script a description or caption carries: a few sentences, enough to say what it is about. */
const DESCRIPTION_CHARS = 600;
const CAPTION_CHARS = 220;

/**
 * Pure: the publish kit written from the script alone. Every sentence in it is one of the script's
 * (or its title), and every tag and hashtag one of its words, so it claims nothing the video does not.
 */
export function writeOfflineKit(source: PublishSource): PublishKit {
  const sentences = sentencesOf(source.text);
  const lead = source.lead.trim() || sentences[0] || source.title || "";
  // The title opens the Instagram caption already; the lead opens the description.
  const same = (a: string, b: string | null) => b !== null && a.replace(/[\s.!?]+$/u, "") === b.trim().replace(/[\s.!?]+$/u, "");
  const rest = sentences.filter((s) => !same(s, lead) && !same(s, source.title));
  return assembleKit(
    {
      title: source.title?.trim() || lead,
      description: leadingSentences([lead, ...rest], DESCRIPTION_CHARS),
      caption: leadingSentences([lead], CAPTION_CHARS),
      phrases: keyPhrases(source.title, source.text),
    },
    "offline",
  );
}
