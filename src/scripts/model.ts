import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { component } from "../kernel/components.ts";
import { type TemplateRegistry, perRegistry } from "../templates/registry.ts";
import { documentedTemplateRequest, templateRequestEnvelope } from "../templates/request-schema.ts";
import type { ScriptStep } from "../templates/template.ts";

export const ScriptRequestEnvelope = templateRequestEnvelope({});

const Generator = Type.Union([Type.Literal("offline"), Type.Literal("llm")], {
  description: "`offline`: the built-in extractive writer or question data; `llm`: the configured language model.",
});

export const ArticleScriptSchema = component(
  "ArticleScript",
  Type.Object({
    text: Type.String({ description: "What the narrator reads. Every figure, quote and named person in it appears in the source." }),
    wordCount: Type.Integer(),
    estimatedSeconds: Type.Number({ description: "Expected narration length at the narrator's pace." }),
    length: Type.String({ description: "short, standard or deep, as asked." }),
    tone: Type.String({ description: "explainer, punchy or authority, as asked." }),
    title: Type.Union([Type.String(), Type.Null()], { description: "The article's title, when the page has one." }),
    headline: Type.Optional(
      Type.Object(
        {
          text: Type.String({ description: "The headline card's text: the article's title, or a hook line from the script's first sentence." }),
          kicker: Type.Union([Type.String(), Type.Null()], { description: "Where the article is from (site or host), above the headline." }),
          byline: Type.Union([Type.String(), Type.Null()], { description: "Who wrote it, under the headline." }),
        },
        { description: "The card that opens the video and is its poster." },
      ),
    ),
    sourceUrl: Type.Union([Type.String(), Type.Null()], { description: "The page read (after redirects); null for pasted text." }),
    sourceWords: Type.Integer({ description: "Words of the source after extraction (at most 4000)." }),
    truncated: Type.Boolean({ description: "The source had over 4000 words and only the first 4000 were used." }),
  }),
);

export const QuizQuestionSchema = component(
  "QuizQuestion",
  Type.Object({
    question: Type.String(),
    options: Type.Array(Type.String(), { minItems: 4, maxItems: 4, description: "Four distinct options." }),
    answerIndex: Type.Integer({ minimum: 0, maximum: 3, description: "The one correct option." }),
    fact: Type.String({ description: "One line narrated with the reveal." }),
    logo: Type.Optional(
      Type.Object({ path: Type.String({ description: "SVG path data in a 24x24 box." }), hex: Type.String({ description: "Fill colour, RRGGBB." }) }, { description: "A brand logo drawn on the card (logo questions)." }),
    ),
  }),
);

export const QuizPackSchema = component(
  "QuizPack",
  Type.Object({
    title: Type.String({ description: "Shown on the intro card: videoTitle, else the topic." }),
    topic: Type.String(),
    difficulty: Type.String(),
    questions: Type.Array(QuizQuestionSchema),
    credits: Type.Array(Type.String(), { description: "Licence credits of the data the questions came from; shown on the outro card." }),
  }),
);

function scriptResultSchema(templateIds: readonly string[]) {
  return component(
    "ScriptResult",
    Type.Object(
      {
        projectId: Type.String({ description: "Pass it to POST /v1/videos with the same template to reuse this script or pack (the step is skipped; option fields still apply)." }),
        template: Type.Union(templateIds.map((id) => Type.Literal(id))),
        generator: Generator,
        script: Type.Optional(ArticleScriptSchema),
        pack: Type.Optional(QuizPackSchema),
        notices: Type.Array(Type.String(), {
          description: "AI-draft and fact-check reminders; once you have edited the draft, reminders that it is yours to check (they are the notices of a video made from it).",
        }),
        createdAt: Type.String({ format: "date-time" }),
        editedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
          description: "When PATCH /v1/scripts/{projectId} last replaced the script or questions with yours; null for the draft as written.",
        }),
      },
      { description: "A script (article_video, in `script`) or question pack (quiz_video, in `pack`) saved on a new draft project." },
    ),
  );
}

export type ScriptResult = Static<ReturnType<typeof scriptResultSchema>>;

/** The body of PATCH /v1/scripts/{projectId}: the field of the draft's own kind, with the caller's version. */
function scriptEditSchema(scripted: readonly { id: string; freeStep: unknown }[]) {
  const byField = new Map<string, { schema: TSchema; ids: string[] }>();
  for (const template of scripted) {
    const { edit } = template.freeStep as ScriptStep<unknown>;
    const entry = byField.get(edit.field) ?? { schema: edit.schema, ids: [] };
    entry.ids.push(template.id);
    byField.set(edit.field, entry);
  }
  const properties = Object.fromEntries([...byField].map(([field, { schema }]) => [field, Type.Optional(schema)]));
  return component(
    "ScriptEdit",
    Type.Object(properties, {
      additionalProperties: false,
      description: `Exactly one field, the one of the project's template: ${[...byField].map(([field, { ids }]) => `\`${field}\` (${ids.join(", ")})`).join(", ")}.`,
    }),
  );
}

/** The schemas that list the templates with a script step, built for the templates an app serves. */
export const scriptSchemas = perRegistry((templates: TemplateRegistry) => {
  const scripted = templates.withFreeStep("script");
  return {
    request: documentedTemplateRequest("ScriptRequest", {}, scripted),
    result: scriptResultSchema(scripted.map((t) => t.id)),
    edit: scriptEditSchema(scripted),
  };
});
