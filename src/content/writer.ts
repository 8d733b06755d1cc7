import { Type } from "@sinclair/typebox";
import type { Logger } from "../logger.ts";
import { ContentError } from "./errors.ts";
import { type ScriptOptions, wordBudget, writeExtractiveScript } from "./extractive-writer.ts";
import { checkFidelity, describeUnverified } from "./fidelity.ts";
import type { IngestedSource } from "./ingest.ts";
import { type LlmClient, LlmError } from "./llm/client.ts";
import { buildOfflinePack, offlineRefusal, type PackRequest, type QuizPack } from "./quiz/pack.ts";
import type { QuizQuestion } from "./quiz/question.ts";
import { checkText } from "./safety.ts";
import { countWords } from "./text.ts";

export type Generator = "offline" | "llm";

export interface ArticleScript {
  text: string;
  wordCount: number;
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

/** Pure: why an article script cannot be narrated as it is, or null. */
export function scriptProblems(text: string, source: IngestedSource, budget: number): string | null {
  const safety = checkText(text);
  if (safety) return `the script was refused because ${safety.reason}`;
  const words = countWords(text);
  if (words < budget * 0.6 || words > budget * 1.4) return `the script has ${words} words; it must have about ${budget}`;
  const fidelity = checkFidelity(text, source.paragraphs.join("\n\n"));
  if (!fidelity.ok) return `these are not in the source: ${describeUnverified(fidelity.unverified)}`;
  return null;
}

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
    return acceptedDraft("script", async (feedback) => {
      const answer = await llm!.completeJson({
        system:
          "You write narration scripts for short vertical videos from a source article. Use only facts from the source: every number, quote and named person, place or organisation must appear in the source exactly. Open with a hook. No headings, lists, emojis or stage directions.",
        user: `Write a ${budget}-word script (about ${Math.round(budget / (options.wordsPerSecond ?? 2.5))} seconds read aloud), tone: ${TONE_GUIDE[options.tone]}.${feedback}\n\nSOURCE${source.title ? ` (${source.title})` : ""}:\n${sourceText}`,
        schemaName: "article_script",
        schema: ScriptAnswer,
      });
      const text = answer.script.replace(/\s+/g, " ").trim();
      return { value: { text, wordCount: countWords(text), generator: "llm" as const }, text, problem: scriptProblems(text, source, budget) };
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
      const fidelity = checkFidelity(script.text, source.paragraphs.join("\n\n"));
      if (!fidelity.ok) throw new ContentError("SCRIPT_FAILED", `The script could not be verified against the source: ${describeUnverified(fidelity.unverified)}.`);
      return { ...script, generator: "offline" };
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
