import type { ContentPorts } from "../../content/ports.ts";
import type { QuizPack } from "../../content/quiz/pack.ts";
import type { QuizVideoInputs } from "./inputs.ts";

/** A quiz pack as it is stored on a draft project and in the video's script stage. */
export interface QuizPackContent extends QuizPack {
  kind: "quiz_pack";
  title: string;
  /** When the caller last replaced the questions with their own (PATCH /v1/scripts/{projectId}). */
  editedAt?: string;
}

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
