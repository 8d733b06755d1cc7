import { type Static, Type } from "@sinclair/typebox";
import { checkText } from "../../content/safety.ts";
import { component } from "../../kernel/components.ts";
import { Closed } from "../../kernel/schema-kit.ts";
import type { DraftEdit } from "../template.ts";
import { readOutput } from "../stages.ts";
import { type QuizPackContent, QuizPackOutput } from "./pack-step.ts";

/**
 * The caller's own questions in place of a written pack. The lengths are what the cards show whole in
 * the widest font (Poppins): an option on its one line at the smallest size, a question in four lines,
 * a fact line in five; longer text would be cut with an ellipsis on the card.
 */
export const QUIZ_EDIT_LIMITS = { questions: 10, question: 120, option: 32, fact: 160 } as const;

/** SVG path data only (commands, numbers, separators): nothing else can reach the card's markup. */
const SVG_PATH = "^[MmZzLlHhVvCcSsQqTtAaEe0-9.,+\\s-]+$";

const QuestionEdit = component(
  "QuizQuestionEdit",
  Closed({
    question: Type.String({ minLength: 1, maxLength: QUIZ_EDIT_LIMITS.question, description: "The question as the card shows it and the narrator reads it." }),
    options: Type.Array(Type.String({ minLength: 1, maxLength: QUIZ_EDIT_LIMITS.option }), {
      minItems: 4,
      maxItems: 4,
      description: "Four distinct options (compared without case or surrounding spaces), in the order they are shown.",
    }),
    answerIndex: Type.Integer({ minimum: 0, maximum: 3, description: "The one correct option: its index in `options`." }),
    fact: Type.String({ minLength: 1, maxLength: QUIZ_EDIT_LIMITS.fact, description: "One line shown and narrated with the reveal." }),
    logo: Type.Optional(
      Closed(
        {
          path: Type.String({ minLength: 1, maxLength: 20_000, pattern: SVG_PATH, description: "SVG path data in a 24x24 box." }),
          hex: Type.String({ pattern: "^[0-9A-Fa-f]{6}$", description: "Fill colour, RRGGBB." }),
        },
        { description: "Keep the logo a written logo question came with (send it back as POST /v1/scripts returned it); omit it for no logo." },
      ),
    ),
  }),
);

export const QuizPackEdit = component(
  "QuizPackEdit",
  Closed(
    {
      questions: Type.Array(QuestionEdit, {
        minItems: 1,
        maxItems: QUIZ_EDIT_LIMITS.questions,
        description: `The questions in the order the video asks them: 1 to ${QUIZ_EDIT_LIMITS.questions}, all of them (they replace the pack's questions). The video asks every one, whatever questionCount says.`,
      }),
    },
    { description: "quiz_video: the pack's questions as you want them; each text is put on one line (line breaks become spaces). The title, topic, difficulty and credits stay as written." },
  ),
);

type PackEdit = Static<typeof QuizPackEdit>;

const blank = (text: string) => text.trim() === "";

function packIssues(edit: unknown) {
  const issues: { pointer: string; code: string; message: string }[] = [];
  for (const [i, q] of (edit as PackEdit).questions.entries()) {
    const at = `/questions/${i}`;
    if (blank(q.question)) issues.push({ pointer: `${at}/question`, code: "too_short", message: "must not be blank" });
    if (blank(q.fact)) issues.push({ pointer: `${at}/fact`, code: "too_short", message: "must not be blank" });
    const seen = new Map<string, number>();
    for (const [k, option] of q.options.entries()) {
      const key = option.trim().toLowerCase();
      if (key === "") issues.push({ pointer: `${at}/options/${k}`, code: "too_short", message: "must not be blank" });
      else if (seen.has(key)) issues.push({ pointer: `${at}/options/${k}`, code: "duplicate", message: `repeats option ${seen.get(key)! + 1}; the four options must differ` });
      else seen.set(key, k);
    }
  }
  return issues;
}

function packRefusal(edit: unknown) {
  for (const [i, q] of (edit as PackEdit).questions.entries()) {
    const fields: [string, string][] = [["question", q.question], ...q.options.map((o, k): [string, string] => [`options/${k}`, o]), ["fact", q.fact]];
    for (const [field, text] of fields) {
      const refusal = checkText(text);
      if (refusal) return { pointer: `/questions/${i}/${field}`, reason: refusal.reason };
    }
  }
  return null;
}

/** One line as a card shows it: a line break typed into a field is a space there. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The pack with the caller's questions (on one line each); what the written ones were made from is dropped with them. */
function applyPackEdit(content: unknown, edit: unknown, editedAt: Date): QuizPackContent {
  const pack = readOutput("generating_script", QuizPackOutput, content);
  const questions = (edit as PackEdit).questions.map((q) => ({
    question: oneLine(q.question),
    options: q.options.map(oneLine),
    answerIndex: q.answerIndex,
    fact: oneLine(q.fact),
    ...(q.logo ? { logo: { path: q.logo.path.trim(), hex: q.logo.hex } } : {}),
  }));
  return { ...pack, questions, editedAt: editedAt.toISOString() };
}

export const quizPackEdit: DraftEdit = {
  field: "pack",
  schema: QuizPackEdit,
  issues: packIssues,
  refusal: packRefusal,
  apply: applyPackEdit,
  notices: [
    "The questions are as you edited them: check that each has one clearly correct option before publishing.",
    "Fact-check every answer and fact line, yours and any kept from the draft.",
  ],
};
