import { type Static, Type } from "@sinclair/typebox";
import { QUIZ_CATEGORIES } from "../../content/quiz/categories.ts";
import { VOICE_SET_A } from "../../narration/voices.ts";
import { Closed, Defaulted, Enum, SilentField } from "../../kernel/schema-kit.ts";

export const QuizVideoInputs = Closed({
  topic: Type.String({ minLength: 2, maxLength: 200, description: "What the quiz is about. Topics that target a group of people are refused." }),
  difficulty: Defaulted(Enum(["easy", "medium", "hard"] as const, { default: "medium" })),
  questionCount: Defaulted(Enum([5, 7, 10] as const, { default: 5, description: "Number of questions." })),
  categoryId: Type.Optional(Enum(QUIZ_CATEGORIES, { description: "Steer for the question generator." })),
  videoTitle: Type.Optional(Type.String({ minLength: 1, maxLength: 48, description: "Title on the intro card." })),
  voiceId: Defaulted(Enum(VOICE_SET_A, { default: "LcfcDJNUP1GQjkzn1xUU", description: "Narrator (voice set A)." })),
  theme: Defaulted(Enum(["neon", "sunset", "classic"] as const, { default: "neon" })),
  font: Defaulted(Enum(["anton", "bangers", "bebas-neue", "poppins"] as const, { default: "anton" })),
  countdownSeconds: Defaulted(Enum([3, 5, 7] as const, { default: 5, description: "Visible countdown before each answer." })),
  captionsEnabled: Defaulted(Type.Boolean({ default: false, description: "Adds captions to the narration." })),
  silent: SilentField(),
});

export type QuizVideoInputs = Static<typeof QuizVideoInputs>;
