import type { MadeOf, PublishSource } from "../../publishing/model.ts";
import type { QuizVideoInputs } from "./inputs.ts";
import type { QuizOutputs } from "./production.ts";
import type { StageOutputs } from "../stages.ts";

/** The questions are generated (offline data or the model) unless the caller replaced them; the voice is synthetic unless silent. */
export function quizMadeOf(inputs: QuizVideoInputs, outputs: StageOutputs<QuizOutputs>): MadeOf {
  const voice: MadeOf["synthetic"] = inputs.silent ? [] : ["voice"];
  // An edited pack is the caller's questions, every one (an edit replaces the whole list).
  if (outputs.get("generating_script").editedAt) return { synthetic: voice, callerWords: true, callerMedia: [] };
  return { synthetic: [...voice, "questions"], callerWords: false, callerMedia: [] };
}

/** The title card, each question with its answer and fact: what the video shows and says. */
export function quizPublishSource(_inputs: QuizVideoInputs, outputs: StageOutputs<QuizOutputs>): PublishSource {
  const pack = outputs.get("generating_script");
  const lines = pack.questions.map((q) => `${q.question}\n${q.options[q.answerIndex] ?? ""}. ${q.fact}`);
  return { title: pack.title, text: `${pack.title}.\n\n${lines.join("\n\n")}`, lead: pack.questions[0]?.question ?? pack.title };
}
