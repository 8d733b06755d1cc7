import { Type } from "@sinclair/typebox";
import { QUIZ_CATEGORIES } from "../../content/quiz/categories.ts";
import { checkText, checkTopic } from "../../content/safety.ts";
import { VOICE_SET_A } from "../../catalog/voices.ts";
import { RENDER_STEP, narrationStep } from "../credits.ts";
import { Closed, Enum, SilentField } from "../schema-kit.ts";
import type { TemplateDefinition } from "../template.ts";

export const QuizVideoInputs = Closed({
  topic: Type.String({ minLength: 2, maxLength: 200, description: "What the quiz is about. Topics that target a group of people are refused." }),
  difficulty: Type.Optional(Enum(["easy", "medium", "hard"] as const, { default: "medium" })),
  questionCount: Type.Optional(Enum([5, 7, 10] as const, { default: 5, description: "Number of questions." })),
  categoryId: Type.Optional(Enum(QUIZ_CATEGORIES, { description: "Steer for the question generator." })),
  videoTitle: Type.Optional(Type.String({ minLength: 1, maxLength: 48, description: "Title on the intro card." })),
  voiceId: Type.Optional(Enum(VOICE_SET_A, { default: "LcfcDJNUP1GQjkzn1xUU", description: "Narrator (voice set A)." })),
  theme: Type.Optional(Enum(["neon", "sunset", "classic"] as const, { default: "neon" })),
  font: Type.Optional(Enum(["anton", "bangers", "bebas-neue", "poppins"] as const, { default: "anton" })),
  countdownSeconds: Type.Optional(Enum([3, 5, 7] as const, { default: 5, description: "Visible countdown before each answer." })),
  captionsEnabled: Type.Optional(Type.Boolean({ default: false, description: "Adds captions to the narration." })),
  silent: SilentField(),
});

export const quizVideo: TemplateDefinition = {
  id: "quiz_video",
  name: "AI Quiz Video",
  description:
    "A multiple-choice quiz: question card, countdown, answer reveal with a fact line, narrated, over a looping background.",
  inputs: QuizVideoInputs,
  rules: [],
  voiceFields: ["/voiceId"],
  voiceSet: VOICE_SET_A,
  narrationRules: () => [],
  contentRefusal: (inputs) => {
    const topic = checkTopic(String(inputs.topic));
    if (topic) return { pointer: "/topic", reason: topic.reason };
    const title = typeof inputs.videoTitle === "string" ? checkText(inputs.videoTitle) : null;
    return title && { pointer: "/videoTitle", reason: title.reason };
  },
  impliedDefaults: {},
  freeTools: ["script"],
  paidSteps: [narrationStep("narration", "across the whole pack"), RENDER_STEP],
  notes: [
    "Questions and fact lines are AI-drafted: check them before publishing.",
    "POST /v1/scripts writes the question pack for free and returns a projectId; pass it to POST /v1/videos to reuse the pack. Option fields (voice, theme, font, countdown) still apply.",
    "Topics that target a group of people are refused with SAFETY_REJECTED; a topic the question data cannot cover fails with PACK_FAILED.",
  ],
  examples: {
    minimal: { topic: "Capital cities of Europe" },
    full: {
      topic: "Chemical elements",
      difficulty: "hard",
      questionCount: 7,
      categoryId: "science",
      videoTitle: "Element Quiz",
      voiceId: "TxGEqnHWrfWFTfGW9XjX",
      theme: "sunset",
      font: "bangers",
      countdownSeconds: 3,
      captionsEnabled: true,
      silent: false,
    },
  },
};
