import type { ContentPorts } from "../../content/ports.ts";
import type { QuizPack } from "../../content/quiz/pack.ts";

/** A quiz pack as it is stored on a draft project and in the video's script stage. */
export interface QuizPackContent extends QuizPack {
  kind: "quiz_pack";
  title: string;
}

/** The title on the intro card: the caller's, else the topic. */
export function quizTitle(inputs: Record<string, any>): string {
  return inputs.videoTitle ?? String(inputs.topic).trim();
}

export async function writeQuizContent(inputs: Record<string, any>, content: ContentPorts, seed: number): Promise<QuizPackContent> {
  const pack = await content.writer.quizPack({ topic: inputs.topic, categoryId: inputs.categoryId, difficulty: inputs.difficulty, count: inputs.questionCount, seed });
  return { kind: "quiz_pack", title: quizTitle(inputs), ...pack };
}
