import { type Static, Type } from "@sinclair/typebox";
import { component } from "../kernel/components.ts";
import { type TemplateRegistry, perRegistry } from "../templates/registry.ts";
import { documentedTemplateRequest, templateRequestEnvelope } from "../templates/request-schema.ts";

const PREVIEW_EXTRA = {
  projectId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: "A preview project (prj_...) from an earlier call: its stored teaser is returned, nothing is narrated again." }),
  ),
};

export const PreviewRequestEnvelope = templateRequestEnvelope(PREVIEW_EXTRA);

export const CaptionWordSchema = component(
  "CaptionWord",
  Type.Object({
    text: Type.String({ description: "The word as captions show it." }),
    start: Type.Number({ description: "Seconds from the start of the audio." }),
    end: Type.Number({ description: "Seconds from the start of the audio." }),
  }),
);

function previewSchema(templateIds: readonly string[]) {
  return component(
    "Preview",
    Type.Object(
      {
        projectId: Type.String({ description: "Pass it to POST /v1/videos (the video still narrates the full story) or to this endpoint again." }),
        template: templateIds.length === 1 ? Type.Literal(templateIds[0]!) : Type.Union(templateIds.map((id) => Type.Literal(id))),
        text: Type.String({ description: "What the teaser narrates: the title, then about the first 170 characters of the story." }),
        audioUrl: Type.String({ description: "The teaser as MP3; a signed link valid until audioExpiresAt (each call returns a fresh one)." }),
        audioExpiresAt: Type.String({ format: "date-time" }),
        durationSeconds: Type.Number({ description: "Length of the teaser audio (about 10 s)." }),
        words: Type.Array(CaptionWordSchema, { description: "Per-word captions timed in the teaser audio." }),
        createdAt: Type.String({ format: "date-time", description: "When the teaser was made." }),
      },
      { description: "A free narrated teaser of a reddit_story video." },
    ),
  );
}

export type Preview = Static<ReturnType<typeof previewSchema>>;

/** The schemas that list the templates with a preview step, built for the templates an app serves. */
export const previewSchemas = perRegistry((templates: TemplateRegistry) => {
  const previewed = templates.withFreeStep("preview");
  return { request: documentedTemplateRequest("PreviewRequest", PREVIEW_EXTRA, previewed), preview: previewSchema(previewed.map((t) => t.id)) };
});
