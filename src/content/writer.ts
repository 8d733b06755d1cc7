import { Type } from "@sinclair/typebox";
import type { Logger } from "../kernel/logger.ts";
import { ContentError } from "./errors.ts";
import { type ScriptOptions, wordBudget, writeExtractiveScript } from "./extractive-writer.ts";
import { checkFidelity, describeUnverified } from "./fidelity.ts";
import { attributionFor } from "./article-header.ts";
import { attributeSentences } from "./first-person.ts";
import { type Headline, headlineFor } from "./headline.ts";
import { type IngestedSource, referenceText } from "./ingest.ts";
import { type LlmClient, LlmError } from "./llm/client.ts";
import { buildOfflinePack, offlineRefusal, type PackRequest, type QuizPack } from "./quiz/pack.ts";
import type { QuizQuestion } from "./quiz/question.ts";
import { checkText } from "./safety.ts";
import { scriptProblems } from "./script-checks.ts";
import { splitSentences } from "./sentences.ts";
import { countWords } from "./text.ts";

export type Generator = "offline" | "llm";

export interface ArticleScript {
  text: string;
  wordCount: number;
  /** Words of the first sentence, the hook, which the headline card opens over. */
  hookWords: number;
  headline: Headline;
  generator: Generator;
}

/** Writes article scripts and quiz packs: with the LLM when one is configured, offline otherwise or when it fails. */
export interface ContentWriter {
  articleScript(source: IngestedSource, options: ScriptOptions): Promise<ArticleScript>;
  quizPack(request: PackRequest): Promise<QuizPack>;
  /**
   * Why no pack can be written on this topic, or null, decided before anything is queued: with a model
   * any topic is accepted (safety is checked apart); offline, only what the built-in data covers.
   */
  quizRefusal(request: Omit<PackRequest, "seed">): string | null;
}

const ScriptAnswer = Type.Object({ script: Type.String({ minLength: 1 }) }, { additionalProperties: false });
const PackAnswer = Type.Object(
  {
    questions: Type.Array(
      Type.Object(
        {
          question: Type.String({ minLength: 5 }),
          options: Type.Array(Type.String({ minLength: 1 }), { minItems: 4, maxItems: 4 }),
          answerIndex: Type.Integer({ minimum: 0, maximum: 3 }),
          fact: Type.String({ minLength: 5 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const TONE_GUIDE = {
  explainer: "clear and friendly, explaining how and why",
  punchy: "short punchy sentences with energy",
  authority: "calm and authoritative, leading with evidence",
};

/** Pure: why a quiz pack is not usable, or null. */
export function packProblems(questions: readonly QuizQuestion[], count: number): string | null {
  if (questions.length !== count) return `the pack has ${questions.length} questions; ${count} were asked for`;
  for (const [i, q] of questions.entries()) {
    const distinct = new Set(q.options.map((o) => o.trim().toLowerCase()));
    if (q.options.length !== 4 || distinct.size !== 4) return `question ${i + 1} needs four distinct options`;
    if (!(q.answerIndex >= 0 && q.answerIndex < 4)) return `question ${i + 1} has no correct option`;
    const safety = checkText([q.question, ...q.options, q.fact].join(" "));
    if (safety) return `question ${i + 1} was refused because ${safety.reason}`;
  }
  return null;
}

export function createContentWriter(llm: LlmClient | null, log: Logger): ContentWriter {
  /**
   * Asks the model at most twice. A draft that fails its checks, or that the server's moderation endpoint
   * flags, is rejected and the second ask is told why.
   */
  async function acceptedDraft<T>(what: string, draft: (feedback: string) => Promise<{ value: T; text: string; problem: string | null }>): Promise<T | null> {
    let feedback = "";
    for (let attempt = 0; attempt < 2; attempt++) {
      const d = await draft(feedback);
      const problem = d.problem ?? ((await llm!.moderate(d.text)) === true ? `the moderation endpoint flagged the ${what}` : null);
      if (!problem) return d.value;
      log.warn(`model ${what} rejected`, { attempt, problem });
      feedback = `\nA previous draft was rejected: ${problem}. Fix that.`;
    }
    return null;
  }

  function llmScript(source: IngestedSource, options: ScriptOptions): Promise<ArticleScript | null> {
    const budget = wordBudget(options.length, options.wordsPerSecond);
    const sourceText = source.paragraphs.join("\n\n");
    const who = attributionFor(source, true);
    const about = [source.title && `title: ${source.title}`, source.byline && `by: ${source.byline}`, source.site && `from: ${source.site}`].filter(Boolean).join("; ");
    return acceptedDraft("script", async (feedback) => {
      const answer = await llm!.completeJson({
        system:
          "You write narration scripts for short vertical videos from a source article. Use only facts from the source: every number, quote and named person, place or organisation must appear in the source exactly. " +
          "The first sentence is the hook: the source's most striking fact, figure or claim. Name what the piece is about in the first or second sentence. " +
          `Never speak as the source's "we" or "I": report it ("${who.full} says they..."). No filler lines that carry no fact, no headings, lists, emojis or stage directions.`,
        user: `Write a ${budget}-word script (about ${Math.round(budget / (options.wordsPerSecond ?? 2.5))} seconds read aloud), tone: ${TONE_GUIDE[options.tone]}.${feedback}\n\nSOURCE${about ? ` (${about})` : ""}:\n${sourceText}`,
        schemaName: "article_script",
        schema: ScriptAnswer,
      });
      // A "we" the model kept is reported the way the offline writer reports it.
      const sentences = attributeSentences(splitSentences(answer.script.replace(/\s+/g, " ").trim()), who);
      const text = sentences.join(" ");
      const headline = headlineFor(source, sentences[0] ?? "");
      return {
        value: { text, wordCount: countWords(text), hookWords: countWords(sentences[0] ?? ""), headline, generator: "llm" as const },
        text,
        problem: scriptProblems(text, headline.text, source, budget),
      };
    });
  }

  function llmPack(request: PackRequest): Promise<QuizPack | null> {
    return acceptedDraft("pack", async (feedback) => {
      const answer = await llm!.completeJson({
        system:
          "You write multiple-choice quiz questions for short videos. Each question has exactly four distinct options, exactly one correct (answerIndex, 0-3), and a one-line fact about the answer. Stay strictly on the topic. Never write about groups of people in a stereotyping way.",
        user: `Topic: ${request.topic}\nCategory: ${request.categoryId ?? "any"}\nDifficulty: ${request.difficulty}\nWrite exactly ${request.count} questions.${feedback}`,
        schemaName: "quiz_pack",
        schema: PackAnswer,
      });
      const questions = answer.questions.map((q) => ({ question: q.question.trim(), options: q.options.map((o) => o.trim()), answerIndex: q.answerIndex, fact: q.fact.trim() }));
      return {
        value: { topic: request.topic, difficulty: request.difficulty, questions, credits: [], generator: "llm" as const },
        text: questions.map((q) => `${q.question} ${q.options.join(" ")} ${q.fact}`).join("\n"),
        problem: packProblems(questions, request.count),
      };
    });
  }

  /** Runs the model path; a server failure or rejected answers mean the offline writer takes over. */
  async function viaLlm<T>(what: string, run: () => Promise<T | null>): Promise<{ result: T | null; serverFailed: boolean }> {
    if (!llm) return { result: null, serverFailed: false };
    try {
      return { result: await run(), serverFailed: false };
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      log.warn(`model ${what} failed; writing offline`, { error: error.message });
      return { result: null, serverFailed: true };
    }
  }

  return {
    quizRefusal: (request) => (llm ? null : offlineRefusal(request)),
    async articleScript(source, options) {
      const { result } = await viaLlm("script", () => llmScript(source, options));
      if (result) return result;
      const script = writeExtractiveScript(source, options);
      if (script.wordCount === 0) throw new ContentError("SCRIPT_FAILED", "The source has no complete sentences to narrate.");
      const headline = headlineFor(source, splitSentences(script.text)[0] ?? "");
      // The card is checked with the script: it is read as the video's first claim.
      const fidelity = checkFidelity(`${headline.text}.\n${script.text}`, referenceText(source));
      if (!fidelity.ok) throw new ContentError("SCRIPT_FAILED", `The script could not be verified against the source: ${describeUnverified(fidelity.unverified)}.`);
      return { ...script, headline, generator: "offline" };
    },
    async quizPack(request) {
      const { result, serverFailed } = await viaLlm("pack", () => llmPack(request));
      if (result) return result;
      try {
        return buildOfflinePack(request);
      } catch (error) {
        if (error instanceof ContentError && serverFailed) {
          throw new ContentError("PACK_FAILED", `The question model could not be reached and the offline data does not cover this topic: ${error.message}`, true);
        }
        throw error;
      }
    },
  };
}
