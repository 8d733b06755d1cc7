import { type Static, Type } from "@sinclair/typebox";
import { component } from "../kernel/components.ts";
import { ChargesSchema } from "../estimate/model.ts";
import { FAILURE_CODES } from "../kernel/errors.ts";
import { type TemplateRegistry, perRegistry } from "../templates/registry.ts";
import { documentedTemplateRequest, templateRequestEnvelope } from "../templates/request-schema.ts";
import { Enum } from "../kernel/schema-kit.ts";
import { DisclosureSchema, PublishKitSchema } from "../publishing/model.ts";
import type { VideoFileName } from "./files.ts";

export const VIDEO_STATUSES = ["queued", "preparing_media", "generating_script", "narrating", "rendering", "completed", "failed", "cancelled"] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export const TERMINAL: readonly VideoStatus[] = ["completed", "failed", "cancelled"];

/** `stage`: the human label of each status. */
export const STAGE_LABELS: Record<VideoStatus, string> = {
  queued: "Waiting in the queue",
  preparing_media: "Preparing background and music",
  generating_script: "Writing the script",
  narrating: "Recording the narration",
  rendering: "Rendering the video",
  completed: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

const CREATE_EXTRA = {
  projectId: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "article_video / quiz_video: a project from POST /v1/scripts (its script or pack is reused); reddit_story: a project from POST /v1/previews (inputs still apply in full). fake_text_message takes none.",
    }),
  ),
  webhookUrl: Type.Optional(
    Type.String({ minLength: 1, maxLength: 2048, description: "https URL on a public address; receives video.completed or video.failed. Anything else is 400 INVALID_WEBHOOK_URL." }),
  ),
};

export const CreateVideoEnvelope = templateRequestEnvelope(CREATE_EXTRA);

const fileLink = (description: string) => Type.String({ format: "uri", description });

/** The files made with every completed video; each link redirects like downloadUrl. */
export const VideoFilesSchema = component(
  "VideoFiles",
  Type.Object({
    captionsSrt: fileLink("The burned-in caption lines as SubRip (captions.srt): one cue per line, with its time on screen."),
    captionsVtt: fileLink("The same cues as WebVTT (captions.vtt)."),
    captionsJson: fileLink(
      "captions.json: {words: [{text, startMs, endMs}], lines: [{text, startMs, endMs, words}]}, every burned-in word with its spoken time and every line with its time on screen. Words keep their written case (a caption preset's capitals are styling). A video without captions has none.",
    ),
    poster: fileLink("poster.jpg: a 1080x1920 frame of the title card (or the first card or caption line when there is none)."),
    contactSheet: fileLink("contact-sheet.jpg: 810x1440, nine frames evenly spaced through the video in a 3x3 grid, each labelled with its time (m:ss.s)."),
    publishKit: fileLink("publish.json: {disclosure, publishKit}, the video's AI disclosure and publish kit as the video object carries them."),
  } satisfies Record<VideoFileName, unknown>),
);

function videoSchema(templateIds: readonly string[]) {
  return component(
    "Video",
    Type.Object({
      id: Type.String({ description: "Video id (vid_...)." }),
      template: Enum(templateIds),
      status: Enum(VIDEO_STATUSES, {
        description: "queued -> preparing_media -> generating_script -> narrating -> rendering -> completed, skipping stages the template does not have; or failed / cancelled.",
      }),
      stage: Type.String({
        description:
          'Human label of the status. A video whose background category is not generated yet waits in preparing_media with a stage that says so ("Waiting for the Minecraft footage to be generated"), then renders that category.',
      }),
      progress: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()], { description: "null while queued; 100 when completed." }),
      projectId: Type.Union([Type.String(), Type.Null()]),
      exportId: Type.Union([Type.String(), Type.Null()], { description: "Set when the render is stored (exp_...)." }),
      downloadUrl: Type.Union([Type.String({ format: "uri" }), Type.Null()], { description: "Public link, valid 7 days; GET the video again after that for a fresh one." }),
      downloadExpiresAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
      error: Type.Union([
        Type.Object({ code: Enum(Object.keys(FAILURE_CODES) as (keyof typeof FAILURE_CODES)[]), message: Type.String() }),
        Type.Null(),
      ]),
      creditsCharged: Type.Union([ChargesSchema, Type.Null()], { description: "null until charged at completion; a failed or cancelled video costs nothing." }),
      estimatedSecondsRemaining: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
        description: "From this deployment's measured throughput; null once finished.",
      }),
      createdAt: Type.String({ format: "date-time" }),
      completedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
      durationMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "Length of the finished MP4 in milliseconds; null until completed." }),
      cutAtMs: Type.Union([Type.Integer(), Type.Null()]),
      files: Type.Union([VideoFilesSchema, Type.Null()], {
        description: "null until completed. Links to the files made with the video, valid like downloadUrl (7 days, until downloadExpiresAt; GET the video again for fresh ones).",
      }),
      disclosure: Type.Union([DisclosureSchema, Type.Null()], {
        description: "null until completed. What in the video is AI-generated and the switch each platform asks for when posting; the MP4's and poster's Content Credentials state the same.",
      }),
      publishKit: Type.Union([PublishKitSchema, Type.Null()], {
        description: "null until completed. A title, description or caption and hashtags for YouTube Shorts, TikTok and Instagram Reels, written from the video's own script within each platform's limits; also files.publishKit (publish.json).",
      }),
      notices: Type.Optional(Type.Array(Type.String(), { description: "article_video and quiz_video only." })),
    }),
  );
}

export type Video = Static<ReturnType<typeof videoSchema>>;

/** The schemas that list the templates, built for the templates an app serves. */
export const videoSchemas = perRegistry((templates: TemplateRegistry) => {
  const video = videoSchema(templates.ids);
  return {
    create: documentedTemplateRequest("CreateVideoRequest", CREATE_EXTRA, templates.list),
    video,
    list: component(
      "VideoList",
      Type.Object({
        data: Type.Array(video),
        nextCursor: Type.Union([Type.String(), Type.Null()], { description: "Pass as `cursor` for the next page; null on the last page." }),
      }),
    ),
  };
});
