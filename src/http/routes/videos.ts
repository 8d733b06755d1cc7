import { Type } from "@sinclair/typebox";
import { findAccountVideo } from "../../../db/repos/videos.ts";
import { streamedOpen } from "../long-lived.ts";
import { bodyOf, type RouteDef } from "../route.ts";
import type { TemplateRegistry } from "../../templates/registry.ts";
import { openVideoEvents } from "../../videos/events.ts";
import { videoSchemas } from "../../videos/model.ts";
import { cachedVideo, cancelVideo, createVideo, getVideo, LIST_DEFAULT, LIST_MAX, listVideos, presentVideos } from "../../videos/service.ts";

const videoIdParam = { name: "id", in: "path" as const, required: true, description: "Video id (vid_...).", schema: Type.String() };

export function videoRoutes(templates: TemplateRegistry): RouteDef[] {
  const schemas = videoSchemas(templates);
  return [
    {
      method: "POST",
      path: "/v1/videos",
      operationId: "createVideo",
      tag: "Videos",
      summary: "Create a video",
      description:
        "Validates the template inputs, refuses a quiz topic this deployment cannot write questions on (422 PACK_FAILED, with `errors[0].path` `inputs.topic` naming what is covered; without LLM_BASE_URL only the built-in topics listed in GET /v1/options `quizTopics` are covered), checks the plan and balance (402 costs nothing), the three-videos-in-progress limit (429 CONCURRENCY_LIMIT, Retry-After 30) and `webhookUrl`, then queues the video and answers 202 with `Location`. Charges are made at completion from what was actually used; a failed or cancelled video costs nothing. With an Idempotency-Key, a repeat with the same body returns the video as it is now, with `Idempotent-Replayed: true`.",
      auth: "key",
      idempotent: true,
      body: { schema: schemas.create, description: "The template, its inputs, and optionally projectId and webhookUrl.", required: true },
      success: {
        status: 202,
        description: "Queued.",
        schema: schemas.video,
        headers: { Location: { description: "/v1/videos/{id}", schema: Type.String() } },
      },
      errors: [
        "UNKNOWN_TEMPLATE",
        "INVALID_VOICE",
        "NARRATION_REQUIRED",
        "SAFETY_REJECTED",
        "PACK_FAILED",
        "INVALID_WEBHOOK_URL",
        "SUBSCRIPTION_REQUIRED",
        "INSUFFICIENT_CREDITS",
        "VIDEO_ALLOWANCE_EXHAUSTED",
        "SOFT_CAP_REACHED",
        "NOT_FOUND",
        "CONCURRENCY_LIMIT",
        "SERVICE_UNAVAILABLE",
      ],
      replayResource: async (id, deps, auth) => {
        const row = await findAccountVideo(deps.database.db, auth.account.id, id);
        return row ? (await presentVideos(deps, [row]))[0] : null;
      },
      handle: async ({ auth, body, idempotencyKey }, deps) => {
        const video = await createVideo(deps, auth!, body, idempotencyKey);
        return { status: 202, body: video, headers: { location: `/v1/videos/${video.id}` } };
      },
    },
    {
      method: "GET",
      path: "/v1/videos",
      operationId: "listVideos",
      tag: "Videos",
      summary: "List videos, newest first",
      description: `Pages of the account's videos created through the API, newest first. \`limit\` 1-${LIST_MAX} (default ${LIST_DEFAULT}); pass the previous page's \`nextCursor\` as \`cursor\` for the next one.`,
      auth: "key",
      parameters: [
        { name: "limit", in: "query", required: false, description: `Page size, 1-${LIST_MAX}.`, schema: Type.Integer({ minimum: 1, maximum: LIST_MAX, default: LIST_DEFAULT }) },
        { name: "cursor", in: "query", required: false, description: "The previous page's nextCursor (opaque).", schema: Type.String() },
      ],
      success: { status: 200, description: "A page of videos.", schema: schemas.list },
      errors: ["INVALID_INPUT"],
      handle: async ({ auth, query }, deps) => ({ body: await listVideos(deps, auth!.account.id, query) }),
    },
    {
      method: "GET",
      path: "/v1/videos/{id}",
      operationId: "getVideo",
      tag: "Videos",
      summary: "Get a video",
      description:
        "The video as it is now. Follow GET /v1/videos/{id}/events, poll every 10-20 s, or pass `webhookUrl` on create. Once completed, `downloadUrl` and the links in `files` are valid for 7 days; after that this returns fresh links.",
      auth: "key",
      parameters: [videoIdParam],
      success: { status: 200, description: "The video.", schema: schemas.video },
      errors: ["NOT_FOUND"],
      cached: ({ auth, params }, deps) => bodyOf(cachedVideo(deps, auth!.account.id, params.id ?? "")),
      handle: async ({ auth, params }, deps) => ({ body: await getVideo(deps, auth!.account.id, params.id ?? "") }),
    },
    {
      method: "GET",
      path: "/v1/videos/{id}/events",
      operationId: "streamVideoEvents",
      tag: "Videos",
      summary: "Follow a video's progress (Server-Sent Events)",
      description:
        "A text/event-stream of the video. Each event is `id: <n>`, `event: video` and `data:` the Video object exactly as GET /v1/videos/{id} returns it. One is sent at once, then one each time status, stage or progress changes; after the event of a terminal state (completed, failed, cancelled) the stream ends. `id` grows with every change of the video; reconnect with `Last-Event-ID` set to the last id seen and the stream sends the video only if it has changed since (EventSource does this by itself). A comment line `: ping` comes every 15 s on a quiet stream. The whole stream counts as one request against the rate limit. An account holds at most `limits.concurrentStreams` streams open at once (20 unless the operator set another; GET /v1/me), counted by each server process; beyond it the stream is refused with 429 STREAM_LIMIT and Retry-After, and a stream's place is freed as soon as it ends, whatever ends it. Works whichever process renders the video. If the key is revoked or its account disabled while the stream is open, the stream ends at once with one `event: error` (no `id`) whose `data:` is the problem a new request would get (401 INVALID_API_KEY or UNAUTHENTICATED); no event read after that is sent.",
      auth: "key",
      parameters: [
        videoIdParam,
        { name: "Last-Event-ID", in: "header", required: false, description: "The id of the last event received: the stream then skips the video's state that id names.", schema: Type.String() },
      ],
      success: {
        status: 200,
        description: "The event stream.",
        contentType: "text/event-stream",
        schema: Type.String({
          description: "Server-Sent Events: `id: <n>`, `event: video`, `data: <Video JSON>`, then a blank line; `: ping` comments between. A stream ended because its key stopped being valid ends with `event: error`, `data: <Problem JSON>`.",
        }),
      },
      errors: ["NOT_FOUND", "STREAM_LIMIT"],
      // A stream lifts its connection's idle limit while it is open; a refusal before it never does.
      handle: ({ auth, params, request, requestId }, deps) =>
        openVideoEvents(deps, auth!, params.id ?? "", request, { heartbeatMs: deps.config.eventsHeartbeatMs, requestId }).then((stream) => streamedOpen(request, stream)),
    },
    {
      method: "POST",
      path: "/v1/videos/{id}/cancel",
      operationId: "cancelVideo",
      tag: "Videos",
      summary: "Cancel a queued video",
      description: "Only a queued video can be cancelled (best effort: a worker may take it first); it ends `cancelled` with error code CANCELLED and costs nothing. Any other state: 409 CANNOT_CANCEL.",
      auth: "key",
      idempotent: true,
      parameters: [videoIdParam],
      success: { status: 200, description: "The cancelled video.", schema: schemas.video },
      errors: ["NOT_FOUND", "CANNOT_CANCEL"],
      handle: async ({ auth, params }, deps) => ({ body: await cancelVideo(deps, auth!.account.id, params.id ?? "") }),
    },
  ];
}
