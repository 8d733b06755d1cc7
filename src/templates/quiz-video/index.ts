import { VOICE_SET_A } from "../../narration/voices.ts";
import { offlineTopicExamples, offlineTopicList } from "../../content/quiz/coverage.ts";
import { checkText, checkTopic } from "../../content/safety.ts";
import { RENDER_STEP, narrationStep } from "../credits.ts";
import { readOutput } from "../stages.ts";
import { defineTemplate } from "../template.ts";
import { QuizVideoInputs } from "./inputs.ts";
import { quizPackEdit } from "./pack-edit.ts";
import { presentQuizPack, QuizPackOutput, writeQuizContent } from "./pack-step.ts";
import { composeQuiz, estimateQuiz, type QuizOutputs, quizStages, quizUsage } from "./production.ts";
import { quizMadeOf, quizPublishSource } from "./publishing.ts";

export const quizVideo = defineTemplate<QuizVideoInputs, QuizOutputs>({
  id: "quiz_video",
  name: "AI Quiz Video",
  description:
    "A multiple-choice quiz: question card, countdown, answer reveal with a fact line, narrated, over a looping background.",
  inputs: QuizVideoInputs,
  rules: [],
  voiceFields: ["/voiceId"],
  voiceSet: VOICE_SET_A,
  narrationRules: () => [],
  coverageRefusal: (inputs, content) => {
    const reason = content.writer.quizRefusal({ topic: inputs.topic, categoryId: inputs.categoryId, difficulty: inputs.difficulty, count: inputs.questionCount });
    return reason === null ? null : { code: "PACK_FAILED", pointer: "/topic", reason, covered: `${offlineTopicExamples()} (all of them: GET /v1/options quizTopics), or any topic with LLM_BASE_URL` };
  },
  contentRefusal: (inputs) => {
    const topic = checkTopic(inputs.topic);
    if (topic) return { pointer: "/topic", reason: topic.reason };
    const title = inputs.videoTitle !== undefined ? checkText(inputs.videoTitle) : null;
    return title && { pointer: "/videoTitle", reason: title.reason };
  },
  impliedDefaults: {},
  freeStep: {
    kind: "script",
    projectKind: "pack",
    makes: "packs",
    write: writeQuizContent,
    present: (content) => presentQuizPack(readOutput("generating_script", QuizPackOutput, content)),
    edit: quizPackEdit,
  },
  paidSteps: [narrationStep("narration", "across the whole pack"), RENDER_STEP],
  notices: [
    "The questions are AI drafts: read them before publishing.",
    "Fact-check every answer and fact line; check that each question has one clearly correct option.",
  ],
  failures: { narration: "NARRATION_FAILED", draft: "PACK_FAILED", stages: ["BACKGROUND_UNAVAILABLE", "PACK_FAILED"] },
  notes: [
    "Questions and fact lines are AI-drafted: check them before publishing.",
    "POST /v1/scripts writes the question pack for free and returns a projectId; pass it to POST /v1/videos to reuse the pack. Option fields (voice, theme, font, countdown) still apply.",
    "PATCH /v1/scripts/{projectId} {pack: {questions}} replaces the pack's questions with your own (1 to 10; each with four distinct options, answerIndex 0-3 and a fact line; free). A video made from the project afterwards asks them, and its notices no longer call them AI drafts; a video already made keeps the pack it was made from.",
    "Topics that target a group of people are refused with SAFETY_REJECTED.",
    `Topics offline: without an LLM configured (LLM_BASE_URL) questions come from built-in, hand-checked data on these topics, by category: ${offlineTopicList()}. Narrower wordings work too (WWII, flags of Africa, French painters, 80s songs). Any other topic is refused at once with 422 PACK_FAILED (POST /v1/videos, POST /v1/scripts and POST /v1/estimate, nothing queued or charged; errors[0].path is inputs.topic). With LLM_BASE_URL set, any topic that passes the safety rules is accepted.`,
    "Pacing: each question is read briskly (the voice at 1.3x) with its options appearing as they are read, then the countdown runs on a big timer (a disc with the seconds left and an emptying bar), then the answer and a short fact line: about 7 s a question plus countdownSeconds. Options are read as a person lists them (four years of one century name it once: 1921, '29, '36, '34). Five questions with the default 5 s countdown last about a minute: at most 70 s with the offline voices, for every offline topic.",
    "Sound: a built-in music loop chosen by theme (neon: upbeat, sunset: chill, classic: suspense), about 17 dB under the voice while it speaks and up between lines and through the countdowns; the title pops in, each countdown ticks once a second and each answer chimes.",
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

  stages: quizStages,
  compose: composeQuiz,
  estimate: estimateQuiz,
  usage: quizUsage,
  madeOf: quizMadeOf,
  publishSource: quizPublishSource,
});
