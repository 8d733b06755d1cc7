import { type Static, Type } from "@sinclair/typebox";
import { component } from "../kernel/components.ts";
import { type TemplateRegistry, perRegistry } from "../templates/registry.ts";
import { Enum } from "../kernel/schema-kit.ts";

function templateSchema(templateIds: readonly string[]) {
  return component(
    "Template",
    Type.Object({
      id: Enum(templateIds),
      name: Type.String(),
      description: Type.String(),
      inputSchema: Type.Object({}, { additionalProperties: true, description: "JSON Schema 2020-12 of the template's inputs." }),
      defaults: Type.Object({}, { additionalProperties: true, description: "Values used for omitted inputs; always includes aspectRatio 9:16." }),
      freeTools: Type.Array(Type.String()),
      paidSteps: Type.Array(Type.Object({ step: Type.String(), credits: Type.String() })),
      notes: Type.Array(Type.String()),
    }),
  );
}

const voiceSchema = (templateIds: readonly string[]) =>
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    gender: Enum(["male", "female", "neutral"] as const),
    description: Type.String(),
    tags: Type.Array(Type.String()),
    language: Type.String({ description: "The language the voice's character is described in (its accent): en." }),
    languages: Type.Array(Type.String(), {
      description:
        "ISO 639-1 codes of the languages this voice narrates on this deployment (offline: English with festival, the rest with espeak-ng; a provider adds its own). A reddit_story language outside this list is refused with 400 INVALID_INPUT.",
    }),
    previewUrl: Type.Union([Type.String({ format: "uri" }), Type.Null()], { description: "Short MP3 sample of the voice as this deployment narrates it." }),
    templates: Type.Array(Enum(templateIds), { description: "Templates that accept this voice." }),
  });

function optionsSchema(templateIds: readonly string[]) {
  return component(
    "Options",
    Type.Object({
      voices: Type.Array(voiceSchema(templateIds)),
      backgrounds: Type.Object({
        categories: Type.Array(
          Type.Object({
            id: Type.String(),
            name: Type.String(),
            ready: Type.Boolean({
              description:
                "true when this deployment has the category's footage. The built-in loops are generated in the background after the service starts; a video asking for a category not ready yet waits in preparing_media (its stage says so) while that category is generated next, and then renders it.",
            }),
          }),
        ),
        assets: Type.Array(
          Type.Object({
            id: Type.String(),
            name: Type.String(),
            category: Type.Union([Type.String(), Type.Null()]),
            thumbnailUrl: Type.String({ format: "uri" }),
            previewUrl: Type.String({ format: "uri" }),
          }),
        ),
      }),
      music: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), category: Type.Union([Type.String(), Type.Null()]) })),
      captionPresets: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
      aspectRatios: Type.Array(Type.String()),
      textMessages: Type.Object({
        platforms: Type.Array(Type.String()),
        themes: Type.Array(Type.String()),
        pacing: Type.Record(Type.String(), Type.Integer(), { description: "Preset name -> default gap in milliseconds." }),
        defaultVoices: Type.Object({ me: Type.String(), them: Type.String() }),
      }),
      quizTopics: Type.Object(
        {
          anyTopic: Type.Boolean({ description: "true when an LLM is configured (LLM_BASE_URL): quiz_video accepts any topic that passes the safety rules." }),
          offline: Type.Array(
            Type.Object({ category: Type.String({ description: "A quiz_video categoryId." }), topics: Type.Array(Type.String()) }),
            {
              description:
                "Topics the built-in question data covers, by category; narrower wordings work too (WWII, flags of Africa, 80s songs). When anyTopic is false, any other topic is refused at POST /v1/videos, POST /v1/scripts and POST /v1/estimate with 422 PACK_FAILED.",
            },
          ),
        },
        { description: "What quiz_video topics this deployment can write questions on." },
      ),
    }),
  );
}

export type TemplateDescription = Static<ReturnType<typeof templateSchema>>;
export type Options = Static<ReturnType<typeof optionsSchema>>;

/** The schemas that list the templates, built for the templates an app serves. */
export const catalogSchemas = perRegistry((templates: TemplateRegistry) => ({
  template: templateSchema(templates.ids),
  options: optionsSchema(templates.ids),
}));
