import { Type } from "@sinclair/typebox";
import type { ContentPorts } from "../../content/ports.ts";
import type { QuizPack } from "../../content/quiz/pack.ts";
import { storedAs } from "../stages.ts";
import type { QuizVideoInputs } from "./inputs.ts";

/** A quiz pack as it is stored on a draft project and in the video's script stage. */
export interface QuizPackContent extends QuizPack {
  kind: "quiz_pack";
  title: string;
  /** When the caller last replaced the questions with their own (PATCH /v1/scripts/{projectId}). */
  editedAt?: string;
}

const Phrasing = Type.Object({ pattern: Type.String(), text: Type.String() });

/** How the generating_script stage's output (or a pack saved on a project) is stored. */
export const QuizPackOutput = storedAs<QuizPackContent>()(
  Type.Object({
    kind: Type.Literal("quiz_pack"),
    title: Type.String(),
    topic: Type.String(),
    difficulty: Type.Union([Type.Literal("easy"), Type.Literal("medium"), Type.Literal("hard")]),
    questions: Type.Array(
      Type.Object({
        question: Type.String(),
        options: Type.Array(Type.String()),
        answerIndex: Type.Number(),
        fact: Type.String(),
        logo: Type.Optional(Type.Object({ path: Type.String(), hex: Type.String() })),
        subject: Type.Optional(Type.String()),
        asks: Type.Optional(Type.Array(Phrasing)),
        facts: Type.Optional(Type.Array(Phrasing)),
        source: Type.Optional(Type.String()),
        pattern: Type.Optional(Type.String()),
        factPattern: Type.Optional(Type.String()),
      }),
    ),
    credits: Type.Array(Type.String()),
    generator: Type.Union([Type.Literal("offline"), Type.Literal("llm")]),
    editedAt: Type.Optional(Type.String()),
  }),
);

/** The title on the intro card: the caller's, else the topic. */
export function quizTitle(inputs: QuizVideoInputs): string {
  return inputs.videoTitle ?? inputs.topic.trim();
}

export async function writeQuizContent(inputs: QuizVideoInputs, content: ContentPorts, seed: number): Promise<QuizPackContent> {
  const pack = await content.writer.quizPack({ topic: inputs.topic, categoryId: inputs.categoryId, difficulty: inputs.difficulty, count: inputs.questionCount, seed });
  return { kind: "quiz_pack", title: quizTitle(inputs), ...pack };
}

/** The pack as POST /v1/scripts shows it (a logo only on the questions that draw one). */
export function presentQuizPack(content: QuizPackContent) {
  return {
    pack: {
      title: content.title,
      topic: content.topic,
      difficulty: content.difficulty,
      questions: content.questions.map(({ question, options, answerIndex, fact, logo }) => ({ question, options, answerIndex, fact, ...(logo ? { logo } : {}) })),
      credits: content.credits,
    },
  };
}
