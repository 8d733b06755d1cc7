import { Type } from "@sinclair/typebox";
import { checkFidelity, describeUnverified } from "../content/fidelity.ts";
import { type LlmClient, LlmError } from "../content/llm/client.ts";
import type { Logger } from "../kernel/logger.ts";
import { writeOfflineKit } from "./kit-offline.ts";
import { assembleKit, keyPhrases } from "./kit-text.ts";
import { PLATFORM_LIMITS, type PublishKit, type PublishSource } from "./model.ts";

/** Writes a video's publish kit: by the model when one is configured and its words pass the checks, offline otherwise. */
export interface PublishKitWriter {
  write(source: PublishSource): Promise<PublishKit>;
}

const KitAnswer = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: PLATFORM_LIMITS.youtube.titleChars }),
    description: Type.String({ minLength: 1, maxLength: 1000 }),
    caption: Type.String({ minLength: 1, maxLength: 300 }),
    hashtags: Type.Array(Type.String({ minLength: 2, maxLength: 40 }), { maxItems: 10 }),
  },
  { additionalProperties: false },
);

/** Every word a kit shows, for the fidelity check; a hashtag made of several words ("#BayOfFundy") is read as those words. */
export function kitText(kit: PublishKit): string {
  const text = [kit.youtube.title, kit.youtube.description, kit.youtube.tags.join(", "), kit.tiktok.caption, kit.instagram.caption].join("\n\n");
  return text.replace(/#([\p{L}\p{N}_]+)/gu, (_, tag: string) => tag.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2"));
}

/** Why a kit may not be used with this script, or null: a figure, quote or name the script does not state. */
export function kitProblem(kit: PublishKit, source: PublishSource): string | null {
  const fidelity = checkFidelity(kitText(kit), `${source.title ?? ""}\n\n${source.text}`);
  return fidelity.ok ? null : `it states what the script does not: ${describeUnverified(fidelity.unverified)}`;
}

export function createPublishKitWriter(llm: LlmClient | null, log: Logger): PublishKitWriter {
  /** The model's kit, asked at most twice (the second ask told why the first was refused); null when refused both times. */
  async function llmKit(source: PublishSource): Promise<PublishKit | null> {
    let feedback = "";
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await llm!.completeJson({
        system:
          "You write the post for a short vertical video from its script: a YouTube Shorts title, a description of two or three sentences, a one-line caption for TikTok, and up to ten hashtags. " +
          "Use only what the script says: every number, quote and named person, place or organisation must appear in the script exactly; add no facts, no opinions presented as the script's, no promises. " +
          "Hashtags are single words from the script, without spaces or punctuation. No emojis.",
        user: `Title: ${source.title ?? "(none)"}${feedback}\n\nSCRIPT:\n${source.text}`,
        schemaName: "publish_kit",
        schema: KitAnswer,
      });
      // The model's hashtags lead; the script's own key phrases fill the tags after them.
      const phrases = [...answer.hashtags.map((h) => h.replace(/^#/, "")), ...keyPhrases(source.title, source.text)];
      const kit = assembleKit({ title: answer.title, description: answer.description, caption: answer.caption, phrases }, "llm");
      const problem = kitProblem(kit, source) ?? ((await llm!.moderate(kitText(kit))) === true ? "the moderation endpoint flagged it" : null);
      if (!problem) return kit;
      log.warn("model publish kit rejected", { attempt, problem });
      feedback = `\nA previous answer was rejected: ${problem}. Fix that.`;
    }
    return null;
  }

  return {
    async write(source) {
      if (llm) {
        try {
          const kit = await llmKit(source);
          if (kit) return kit;
        } catch (error) {
          if (!(error instanceof LlmError)) throw error;
          log.warn("model publish kit failed; writing offline", { error: error.message });
        }
      }
      return writeOfflineKit(source);
    },
  };
}
