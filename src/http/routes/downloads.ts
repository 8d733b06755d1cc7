import { extname } from "node:path";
import { Type } from "@sinclair/typebox";
import { findDownloadLink } from "../../../db/repos/downloads.ts";
import { ApiError } from "../../kernel/errors.ts";
import type { RouteDef } from "../route.ts";
import type { AppDeps } from "../deps.ts";
import { isStorageKey, videoCompanionKey, videoFileKey } from "../../storage/local.ts";
import { parseRange } from "../range.ts";
import { VIDEO_FILES } from "../../videos/files.ts";

/** How long the signed file URL behind a download link works: long enough to start and resume a download. */
export const FILE_URL_SECONDS = 15 * 60;

const FILE_NAMES = Object.values(VIDEO_FILES);

const CONTENT_TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".srt": "application/x-subrip; charset=utf-8",
  ".vtt": "text/vtt; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".jpg": "image/jpeg",
};

/**
 * A download link's answer: 302 to a fresh signed URL of the stored file `keyOf` names for the link's
 * video: GET /v1/files on local disk, the object's presigned URL in a bucket (the bytes then never pass
 * through this process). The token is checked first, so a link that expired says so whichever file it
 * asks for.
 */
async function redirectToStored(deps: AppDeps, token: string, keyOf: (videoId: string) => string, what: string): Promise<Response> {
  const link = await findDownloadLink(deps.database.db, token);
  if (!link) throw new ApiError("NOT_FOUND", "No download link with this token.");
  const now = deps.now();
  if (now >= link.expiresAt) {
    throw new ApiError("LINK_EXPIRED", `This download link expired on ${link.expiresAt.toISOString()}; GET /v1/videos/${link.videoId} returns a fresh one.`);
  }
  const key = keyOf(link.videoId);
  if (!(await deps.storage.has(key))) throw new ApiError("NOT_FOUND", `The ${what} is no longer stored.`);
  const url = deps.storage.signedUrl(key, Math.floor(now.getTime() / 1000) + FILE_URL_SECONDS);
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store" } });
}

export const downloadRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/v1/d/{token}",
    operationId: "download",
    tag: "Downloads",
    summary: "Download a finished video (public link, valid 7 days)",
    description:
      "The `downloadUrl` of a completed video. Answers 302 with `Location` set to a fresh signed URL of the MP4 (valid 15 minutes; it supports HTTP range requests). Anyone holding the link can download. Unknown token: 404; older than 7 days: 410 LINK_EXPIRED, and GET /v1/videos/{id} returns a fresh link.",
    auth: "none",
    parameters: [{ name: "token", in: "path", required: true, description: "The token in downloadUrl.", schema: Type.String() }],
    success: {
      status: 302,
      description: "Redirect to the signed file URL.",
      schema: Type.Null(),
      headers: { Location: { description: "Signed URL of the MP4.", schema: Type.String({ format: "uri" }) } },
    },
    errors: ["NOT_FOUND", "LINK_EXPIRED"],
    handle: async ({ params }, deps) => redirectToStored(deps, params.token ?? "", videoFileKey, "video file"),
  },
  {
    method: "GET",
    path: "/v1/d/{token}/{file}",
    operationId: "downloadFile",
    tag: "Downloads",
    summary: "Download a file made with a finished video (public link, valid 7 days)",
    description:
      "The links in a completed video's `files`: its download link's token followed by the file's name. Answers like GET /v1/d/{token}: 302 to a fresh signed URL of the file (valid 15 minutes); unknown token or file: 404; past downloadExpiresAt: 410 LINK_EXPIRED, and GET /v1/videos/{id} returns fresh links.",
    auth: "none",
    parameters: [
      { name: "token", in: "path", required: true, description: "The token in downloadUrl.", schema: Type.String() },
      { name: "file", in: "path", required: true, description: "Which file.", schema: Type.Union(FILE_NAMES.map((f) => Type.Literal(f))) },
    ],
    success: {
      status: 302,
      description: "Redirect to the signed file URL.",
      schema: Type.Null(),
      headers: { Location: { description: "Signed URL of the file.", schema: Type.String({ format: "uri" }) } },
    },
    errors: ["NOT_FOUND", "LINK_EXPIRED"],
    handle: async ({ params }, deps) => {
      const file = params.file ?? "";
      if (!(FILE_NAMES as readonly string[]).includes(file)) throw new ApiError("NOT_FOUND", `No file ${file.slice(0, 60)} is made with a video; the names are ${FILE_NAMES.join(", ")}.`);
      return redirectToStored(deps, params.token ?? "", (videoId) => videoCompanionKey(videoId, file), file);
    },
  },
  {
    method: "GET",
    path: "/v1/files/{key}",
    operationId: "getFile",
    tag: "Downloads",
    summary: "A stored file, by signed URL",
    description:
      "Where GET /v1/d/{token} and GET /v1/d/{token}/{file} redirect. Needs the `expires` and `signature` it was given; supports `Range: bytes=...` (206) for players and resumed downloads. Served as video/mp4, or for a video's files application/x-subrip, text/vtt, application/json or image/jpeg. Not rate limited: players fetch many ranges.",
    auth: "none",
    rate: "unlimited",
    parameters: [
      { name: "key", in: "path", required: true, description: "Stored file name.", schema: Type.String() },
      { name: "expires", in: "query", required: true, description: "Unix seconds.", schema: Type.Integer() },
      { name: "signature", in: "query", required: true, description: "URL signature.", schema: Type.String() },
      { name: "Range", in: "header", required: false, description: "One byte range.", schema: Type.String() },
    ],
    success: { status: 200, description: "The file (206 for a range).", contentType: "video/mp4", schema: Type.String({ format: "binary" }) },
    errors: ["NOT_FOUND", "LINK_EXPIRED"],
    handle: ({ params, query, request }, deps) => {
      const key = params.key ?? "";
      const expires = Number(query.get("expires"));
      const signature = query.get("signature") ?? "";
      if (!isStorageKey(key) || !Number.isInteger(expires) || !deps.storage.verify(key, expires, signature)) {
        throw new ApiError("NOT_FOUND", "No file at this address (the signature does not match).");
      }
      if (deps.now().getTime() / 1000 > expires) throw new ApiError("LINK_EXPIRED", "This file URL expired; open the download link again for a fresh one.");
      const path = deps.storage.locate(key);
      if (!path) throw new ApiError("NOT_FOUND", "The file is no longer stored.");
      const file = Bun.file(path);
      const headers: Record<string, string> = {
        "content-type": CONTENT_TYPES[extname(key)] ?? "application/octet-stream",
        "accept-ranges": "bytes",
        "content-disposition": `inline; filename="${key}"`,
        "cache-control": "private, max-age=900",
      };
      const range = parseRange(request.headers.get("range"), file.size);
      if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${file.size}` } });
      if (!range) return new Response(file, { headers: { ...headers, "content-length": String(file.size) } });
      return new Response(file.slice(range.start, range.end + 1), {
        status: 206,
        headers: { ...headers, "content-range": `bytes ${range.start}-${range.end}/${file.size}`, "content-length": String(range.end - range.start + 1) },
      });
    },
  },
];
