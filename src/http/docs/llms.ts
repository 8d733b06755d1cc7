import { FAILED_AUTH_MAX_ADDRESSES, FAILED_AUTH_PER_MINUTE } from "../../../actors/failed-auth.ts";
import { MAX_WAIT_SECONDS, TOOL_NAMES } from "../../../client/src/mcp/server.ts";
import { PLANS } from "../../billing/plans.ts";
import { BODY_LIMITS } from "../body-shape.ts";
import { MAX_STORED_ANSWER_BYTES } from "../../idempotency/keys.ts";
import { ANSWER_LEFT_OUT_CODE, MCP_LIMITS } from "../mcp/limits.ts";
import { SIGNATURE_HEADER } from "../../webhooks/signature.ts";
import { FAILURE_CODES, type FailureCode, PROBLEM_LIMITS, REQUEST_ERRORS, REQUEST_ERROR_ADVICE, type RequestErrorCode } from "../../kernel/errors.ts";
import type { RouteDef } from "../route.ts";
import { templatesFailingWith } from "../../templates/failures.ts";
import { listInWords } from "../../templates/free-steps.ts";
import type { TemplateRegistry } from "../../templates/registry.ts";
import { formatRate, type SpeedFloor } from "../../net/outbound.ts";
import { OWN_MEDIA_CONVERT_MEMORY_BYTES } from "../../../render/plan/media-convert.ts";

export interface LlmsContext {
  publicBaseUrl: string;
  templates: TemplateRegistry;
  /** This deployment's slowest own-media download (OWN_MEDIA_MIN_BYTES_PER_SECOND); null: none. */
  ownMediaSpeedFloor: SpeedFloor | null;
}

/** The own-media download bounds as this deployment has them. */
function downloadBounds(floor: SpeedFloor | null): string {
  const slow = floor ? `, and one averaging under ${formatRate(floor.bytesPerSecond)} once ${floor.graceMs / 1000} s have passed is given up (MEDIA_FETCH_FAILED)` : "";
  return `a download may take at most 5 minutes${slow}`;
}

/** The flow's free-step line, from the templates' own free steps. */
function freeStepsLine(templates: TemplateRegistry): string {
  const ids = (kind: "script" | "preview") => listInWords(templates.withFreeStep(kind).map((t) => t.id));
  const none = templates.list.filter((t) => !t.freeStep).map((t) => t.id);
  const noneLine = none.length === 0 ? "" : ` ${listInWords(none)} ${none.length === 1 ? "has" : "have"} none.`;
  return `POST /v1/scripts for ${ids("script")} (script or question pack, returns projectId; PATCH /v1/scripts/{projectId} saves your own edited version of it, and the video made from the project then uses yours); POST /v1/previews for ${ids("preview")} (narration teaser).${noneLine}`;
}

/** GET /v1/llms.txt: the whole API for an agent, in plain text. */
export function llmsGuide(routes: readonly RouteDef[], ctx: LlmsContext): string {
  const base = ctx.publicBaseUrl;
  const endpoints = routes
    .map((r) => `- ${r.method} ${r.path} (${r.auth === "key" ? "API key" : "public"}): ${r.summary}.`)
    .join("\n");
  const templates = ctx.templates.list.map((t) => `- ${t.id} (${t.name}): ${t.description} Guide: ${base}/v1/templates/${t.id}.txt`).join("\n");
  const plans = PLANS.map((p) =>
    p.pricingV2
      ? `- ${p.tier}: ${p.monthlyVideos} videos a month; narration included up to ${p.fairUseNarrationMinutes} minutes (fair use).`
      : `- ${p.tier}: pay per use with credits: 1 narration credit per started minute of narration, 1 export credit per render.`,
  ).join("\n");
  return `# Short-Video Generation API

Turns an article, a quiz topic, your own story or your own chat script into a narrated 1080x1920 (9:16) MP4 with word-synced captions. Base URL: ${base}

## Flow

1. Optional: POST /v1/estimate {template, inputs} tells the cost, expected length and processing time. Free.
2. Optional free first step: ${freeStepsLine(ctx.templates)}
3. POST /v1/videos {template, inputs, projectId?, webhookUrl?} answers 202 at once with a video object and a Location header.
4. Follow GET /v1/videos/{id}/events (Server-Sent Events, below), poll GET /v1/videos/{id} every 10-20 s, or pass webhookUrl (https, public) to receive video.completed or video.failed.
5. On status completed, download downloadUrl: a public link valid 7 days (GET /v1/videos/{id} gives a fresh one after that). files holds links, valid as long, to the caption files, a poster, a contact sheet and publish.json (below); disclosure and publishKit say what to declare and what to post with it; durationMs is the video's length.

A video usually finishes in about a minute; own media by URL adds about 30 s the first time.

## Authentication

Send \`Authorization: Bearer <API_KEY>\` on every request except the public ones (templates, options, guides, OpenAPI, downloads). Keys start with svk_live_ and are shown once when created. 401 codes: MISSING_API_KEY (no bearer header), INVALID_API_KEY (unknown or revoked), UNSUPPORTED_TOKEN (a bearer token that is not an API key), UNAUTHENTICATED (no authenticated account, e.g. disabled). GET /v1/me shows the account, plan, usage, limits and the webhook signing secret.

## Templates

${templates}

GET /v1/templates returns each template's inputSchema (JSON Schema 2020-12), defaults, free tools, paid steps and notes. GET /v1/options lists voice ids (with the templates that accept each and the languages each speaks on this deployment), backgrounds (each category with ready: whether its footage exists yet; a video asking for one not ready waits in preparing_media while it is generated next), music, caption presets and quizTopics: the quiz topics this deployment covers (offline: built-in data by category; anyTopic true when an LLM is configured). Without an LLM, a quiz topic outside them is refused at POST /v1/videos, POST /v1/scripts and POST /v1/estimate with 422 PACK_FAILED before anything is queued or charged.

## Endpoints

${endpoints}

Machine-readable description: ${base}/v1/openapi.json (OpenAPI 3.1).

The same API as Model Context Protocol tools: ${base}/v1/mcp (Streamable HTTP, stateless; the same bearer key, limits and Idempotency-Key rules). Every JSON-RPC message counts as one request against the requests per minute, initialize, tools/list and ping included, and a tool call is that request (the route it calls keeps its other limits: free tools, creations, videos in progress); a POST the minute has no room for is 429 RATE_LIMITED with Retry-After, like any request. A batch holds at most ${MCP_LIMITS.maxBatchMessages} messages (400 INVALID_INPUT beyond) and its answer at most ${MCP_LIMITS.maxBatchAnswerBytes / 1024} KiB: answers past that come back as JSON-RPC errors (code ${ANSWER_LEFT_OUT_CODE}) whose messages were handled; send them again alone. Tools: ${TOOL_NAMES.join(", ")}; get_video takes waitSeconds (up to ${MAX_WAIT_SECONDS}) and answers at the next change of status, stage or progress or the end, with the contact sheet of a completed video as an image. A refused call is a tool result with isError carrying the problem's code, detail and errors[]. This guide and the template guides are its resources. Desktop agents without HTTP run \`shortvid mcp\` (stdio) from the service's repository, whose client/ package is also a typed client and the shortvid CLI.

## Video states

queued -> preparing_media -> generating_script -> narrating -> rendering -> completed, skipping the stages a template does not have. Terminal: completed, failed (error = {code, message}), cancelled (only a queued video can be cancelled). Any processing state can move to failed. progress is null while queued and 100 when completed; estimatedSecondsRemaining comes from this deployment's measured processing speed. Work survives restarts: each finished stage is kept, a failed attempt is retried with backoff, a worker that dies is replaced after its heartbeat lapses, and a watchdog ends anything left stuck with INTERRUPTED. Poll GET /v1/videos/{id} every 10-20 s, or pass webhookUrl.

## Progress stream

GET /v1/videos/{id}/events with your API key answers text/event-stream. Each event has \`id: <n>\`, \`event: video\` and \`data:\` the Video object exactly as GET /v1/videos/{id} returns it: one at once, then one each time status, stage or progress changes, whichever server process renders the video. After the event of a terminal state (completed, failed, cancelled) the stream ends. The id grows with every change; reconnect with the header Last-Event-ID set to the last id received and the stream sends the video only if it changed since. A \`: ping\` comment line comes every 15 seconds (EVENTS_HEARTBEAT_SECONDS) while nothing changes. The stream counts as one request against the rate limit however long it lasts. Another account's video is 404. If the key is revoked or its account disabled while the stream is open, the stream ends at once with one \`event: error\` whose \`data:\` is the problem a new request would get (401 INVALID_API_KEY or UNAUTHENTICATED); no event read after that is sent, and reconnecting is refused the same way.

## Files made with every video

A completed video's files object (null before) holds links to: captionsSrt (captions.srt) and captionsVtt (captions.vtt), one cue per burned-in caption line with its time on screen; captionsJson (captions.json), {words: [{text, startMs, endMs}], lines: [{text, startMs, endMs, words}]}, every burned-in word with its spoken time; poster (poster.jpg, 1080x1920), the title card or the first card or caption line; contactSheet (contact-sheet.jpg, 810x1440), nine frames evenly spaced through the video in a 3x3 grid, each labelled with its time; publishKit (publish.json), {disclosure, publishKit} as the video carries them. The files hold the words exactly as burned in, in their written case (a preset's capitals are styling); a video that burns no captions in (fake_text_message) has one cue per voiced message, timed to its voice clip, with its words. Each link is public like downloadUrl: a 302 to a signed URL, valid until downloadExpiresAt (410 LINK_EXPIRED after; GET the video again for fresh links). The video.completed webhook carries the same files.

## Ready to post: Content Credentials, AI disclosure, publish kit

Every finished MP4 and poster.jpg carries Content Credentials (C2PA), embedded and signed by the service: the claim generator (this service and its version), a c2pa.created action whose digitalSourceType is the IPTC term for what is generated (trainedAlgorithmicMedia when the script or questions and the voice are generated: article_video, quiz_video; compositeWithTrainedAlgorithmicMedia when your own story, chat or media is combined with a synthetic voice: reddit_story, fake_text_message), the template, and an ingredient for each of your own media files (footage, music, images), named by the SHA-256 of its bytes, never by URL. TikTok reads these to label uploads. The manifest validates (signature and hash binding) with any C2PA reader; unless the operator set a certificate from a trust-list CA (C2PA_CERT_FILE), the signer is the deployment's own certificate, reported as untrusted. C2PA=0 turns signing off. Signing is part of the render: the download serves the signed file, and editing the file breaks its credentials.

A completed video's disclosure (null before) says what is generated: containsSyntheticMedia, synthetic (voice, script, questions, footage), the digitalSourceType above, a summary sentence to paste, and platforms.youtube ("Altered or synthetic content"), platforms.tiktok ("AI-generated content") and platforms.instagram ("AI label"), each with the value to set and why. Its publishKit (null before) holds, written from the video's own script: youtube {title (<= 100 characters), description, tags (<= 500 characters as YouTube counts them), hashtags}, tiktok {caption (<= 2,200 characters), hashtags} and instagram {caption (<= 2,200 characters), hashtags (<= 30)}. Hashtags are # and letters, digits or underscores. Every figure, quote and name in a kit is in the script: offline it is drawn from the script's sentences and key words; when the deployment has a model (LLM_BASE_URL), the model writes it under the same fidelity check as scripts, else the offline kit is used (publishKit.generator says which). The webhook and publish.json carry both.

## Plans

The account's plan pays for videos; there is no separate API plan. Current plans take one video from the monthly allowance per render and include narration within fair use:
${plans}
The plan and balance are checked before anything runs, so a 402 refusal costs nothing; every 402 carries upsell (subscribe, topup or none) and plansUrl. A failed or cancelled video costs nothing. creditsCharged on a video reports {narration, render, videos}: narration credits, export credits and allowance videos actually charged.

## Limits

- 60 requests per minute per account (each MCP message is one); 10 video creations per minute (only accepted videos count); free tools (estimate, scripts, previews) 30 per hour and 100 per day; 3 videos in progress (429 CONCURRENCY_LIMIT, Retry-After 30). A slot frees when a video completes, fails or is cancelled. 20 progress streams open at once (limits.concurrentStreams in GET /v1/me), counted by each server process, so with N server processes up to N x 20: beyond, 429 STREAM_LIMIT with Retry-After 10 (close a stream or poll GET /v1/videos/{id} meanwhile); a stream's place frees as soon as it ends.
- Every authenticated response carries X-RateLimit-Limit (requests per minute), X-RateLimit-Remaining (left in the current 60-second window) and X-RateLimit-Reset (seconds until the oldest counted request leaves the window, so one more is allowed; 0 when none is counted). Windows slide and are shared by every server process: each decides from memory and tells the others within 200 ms, or at once when a tenth of a limit (B) waits, so with N server processes an account can get at most (N - 1) x B more than a limit in its window (B is 6 for 60 requests a minute, 3 for free tools). Creations per minute, the 3 videos in progress and Idempotency-Key are exact across processes.
- If the limiter's state cannot be read or written the request is refused with 503 RATE_LIMITER_UNAVAILABLE (never let through, never a 429); retry after Retry-After.
- Public reference routes: 60 per minute per IP address. An address whose requests failed authentication (401) ${FAILED_AUTH_PER_MINUTE} times in a minute gets 429 RATE_LIMITED with Retry-After on every keyed route, valid key or not, until the oldest failure is a minute old. Each server process counts these on its own, in memory, so counting costs no query (guessing keys never reaches the database once refused): with N server processes an address can fail at most N x ${FAILED_AUTH_PER_MINUTE} times a minute before every process refuses it, and a process remembers the ${FAILED_AUTH_MAX_ADDRESSES.toLocaleString("en-US")} most recently failing addresses.
- Request body: 2 MB (413 INVALID_INPUT beyond). Every body is also refused with INVALID_INPUT, before anything else looks at it, when it nests deeper than ${BODY_LIMITS.maxDepth} levels (code too_deep), has an array of more than ${BODY_LIMITS.maxArrayItems} items or an object of more than ${BODY_LIMITS.maxObjectFields} fields (too_many, naming it), more than ${BODY_LIMITS.maxFields.toLocaleString("en-US")} field names or ${BODY_LIMITS.maxValues.toLocaleString("en-US")} values in all (too_many, path ""), or has a string or field name with a control character (U+0000-U+001F other than tab, line feed and carriage return, U+007F-U+009F) or an unpaired UTF-16 surrogate (invalid_characters). The same characters in a query parameter are INVALID_INPUT; in a path id, 404 NOT_FOUND.
- Idempotency-Key: 1-255 characters on POST /v1/estimate, /v1/scripts, /v1/previews, /v1/videos and /v1/videos/{id}/cancel, kept 24 hours per account. Same key and body replays the first answer with Idempotent-Replayed: true (a create replay returns the video as it is now); a different body gives 422 IDEMPOTENCY_KEY_REUSED; while the first still runs, 409 IDEMPOTENCY_IN_PROGRESS with Retry-After. Bodies are compared as canonical JSON (object keys sorted, whitespace ignored) together with the method and path. Stored and replayed: 2xx, 400, 404 and 422, when the answer is at most ${MAX_STORED_ANSWER_BYTES / 1024} KB. Not stored, so a retry with the same key runs again: 401, 402, 409, 429, every 5xx and any longer answer.
- Own media: 20 new URLs a day (a URL used in the last 30 days is reused); video up to 300 MB and 10 min, audio up to 30 MB and 10 min; ${downloadBounds(ctx.ownMediaSpeedFloor)}. Own-media URLs must be https and are checked at create (scheme, credentials, literal addresses: 400 INVALID_INPUT naming the field, code invalid_url); the resolved address is checked again when fetched. Files must be single-file containers (MP4/MOV, Matroska/WebM, AVI, FLV, MPEG-TS/PS, ASF, Ogg; for music also MP3, WAV, FLAC, AAC, AIFF): HLS playlists, DASH manifests, concat lists and image sequences fail the video with MEDIA_INVALID whatever their name. Footage is refused (MEDIA_INVALID) from its header when its frames exceed 4096x2160 (or 2160x4096), it has over 60 frames a second, or its frame size x frame rate x length exceeds 10 minutes of 1080p at 30 fps (4K at 30 fps: 150 s); a stream whose frames grow past that size later on (a size change inside the stream) is refused while converting (MEDIA_INVALID), as is a frame that cannot be decoded. A conversion that runs past a minute plus the media's length, or needs more than ${OWN_MEDIA_CONVERT_MEMORY_BYTES / (1024 * 1024)} MB of memory, is stopped (MEDIA_INVALID). Conversions take turns across accounts, and a worker imports own media for a few videos at a time, one per account: a video waiting for its turn stays in preparing_media and never holds up other accounts' videos. Images (POST /v1/images): JPEG, PNG, WebP, GIF or AVIF up to 15 MB and 25 megapixels (8192 px a side), read from the header before decoding; SVG is refused.
- Every 429 carries Retry-After (seconds).

## Webhooks

Deliveries are POSTs of {id, type, createdAt, data: Video} with the headers X-Service-Event (the event type) and ${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>, where hex is HMAC-SHA256 of "<t>.<raw body>" keyed with webhooks.signingSecret from GET /v1/me without its whsec_ prefix. Compare in constant time and reject a t older than 5 minutes. Any 2xx acknowledges; timeout 10 s; redirects are not followed; failed deliveries are retried after 10 s, 60 s and 300 s with the same id and a fresh signature. The envelope id (evt_...) identifies the event: one per video outcome, the same on every retry, so use it to drop duplicates. X-Service-Event carries the event type (video.completed or video.failed). The URL is checked again at every delivery (https, public addresses only, connection pinned to the checked address).

## Errors

Every error is application/problem+json: {type, title, status, detail, code}, plus errors[] ({path, message, code}) on INVALID_INPUT, upsell and plansUrl on 402, requestId on 5xx. errors[] lists at most ${PROBLEM_LIMITS.maxErrors} fields; when more failed, errorsOmitted (an integer, present only then; an addition to the API document's Problem shape) says how many were left out. detail is at most ${PROBLEM_LIMITS.maxDetailChars} characters. Branch on code:
${(Object.keys(REQUEST_ERRORS) as RequestErrorCode[]).map((c) => `- ${c} (${REQUEST_ERRORS[c].status}): ${REQUEST_ERROR_ADVICE[c]}`).join("\n")}

Video failure codes (error.code of a failed video):
${Object.entries(FAILURE_CODES).map(([c, f]) => `- ${c}: ${f.meaning}`).join("\n")}
`;
}

/** The problem body's fields, with what this service adds to the API document's Problem shape. */
const PROBLEM_FIELDS = [
  `Fields: \`type\` (this page's URL with \`#<code>\`), \`title\`, \`status\`, \`detail\` (at most ${PROBLEM_LIMITS.maxDetailChars} characters), \`code\`; \`errors\` (\`{path, message, code}\` per failing field) on INVALID_INPUT, INVALID_VOICE and NARRATION_REQUIRED; \`upsell\` and \`plansUrl\` on every 402; \`requestId\` on 5xx.`,
  `\`errors\` lists at most ${PROBLEM_LIMITS.maxErrors} fields. When more failed, \`errorsOmitted\` (an integer) says how many were left out; it is present only then. \`errorsOmitted\` is an addition to the API document's Problem shape: a client that ignores unknown fields loses nothing but the count.`,
].join(" ");

/** GET /v1/errors: the reference page that problem `type` URLs point into. */
export function errorReference(templates: TemplateRegistry): string {
  const requestErrors = (Object.keys(REQUEST_ERRORS) as RequestErrorCode[])
    .map((c) => `## ${c}\n\nHTTP ${REQUEST_ERRORS[c].status}: ${REQUEST_ERRORS[c].title}. ${REQUEST_ERROR_ADVICE[c]}\n`)
    .join("\n");
  const failures = (Object.keys(FAILURE_CODES) as FailureCode[])
    .map((c) => `## ${c}\n\nVideo failure (${templatesFailingWith(templates, c).join(", ")}): ${FAILURE_CODES[c].meaning}\n`)
    .join("\n");
  return `# Error reference\n\nRequest errors are application/problem+json bodies whose \`code\` is one of these.\n\n${PROBLEM_FIELDS}\n\n${requestErrors}\n# Video failure codes\n\n${failures}`;
}
