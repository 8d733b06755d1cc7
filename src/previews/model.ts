import { Type } from "@sinclair/typebox";
import { component } from "../http/components.ts";
import { templateRequestSchemas } from "../templates/request-schema.ts";
import { redditStory } from "../templates/reddit-story/inputs.ts";

export const PreviewRequest = templateRequestSchemas(
  "PreviewRequest",
  {
    projectId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: "A preview project (prj_...) from an earlier call: its stored teaser is returned, nothing is narrated again." }),
    ),
  },
  [redditStory],
);

export const CaptionWordSchema = component(
  "CaptionWord",
  Type.Object({
    text: Type.String({ description: "The word as captions show it." }),
    start: Type.Number({ description: "Seconds from the start of the audio." }),
    end: Type.Number({ description: "Seconds from the start of the audio." }),
  }),
);

export const PreviewSchema = component(
  "Preview",
  Type.Object(
    {
      projectId: Type.String({ description: "Pass it to POST /v1/videos (the video still narrates the full story) or to this endpoint again." }),
      template: Type.Literal("reddit_story"),
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

export type Preview = typeof PreviewSchema.static;
