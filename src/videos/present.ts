import { COMPANION_FILES } from "../../render/companions.ts";
import type { DownloadLinkRow } from "../../db/repos/videos.ts";
import type { VideoRow } from "../../db/schema/index.ts";
import type { FailureCode } from "../kernel/errors.ts";
import { TERMINAL, type Video, type VideoStatus } from "./model.ts";

export function downloadUrlOf(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/v1/d/${token}`;
}

/** The links of a completed video's files: its download link's token with the file's name. */
export function fileUrlsOf(publicBaseUrl: string, token: string): NonNullable<Video["files"]> {
  const base = downloadUrlOf(publicBaseUrl, token);
  return Object.fromEntries(Object.entries(COMPANION_FILES).map(([name, file]) => [name, `${base}/${file}`])) as NonNullable<Video["files"]>;
}

/** Seconds left: the whole estimate while queued, the unfinished share while processing, null when done. */
export function secondsRemaining(row: Pick<VideoRow, "status" | "progress" | "estimatedSeconds">): number | null {
  if (TERMINAL.includes(row.status as VideoStatus) || row.estimatedSeconds === null) return null;
  const done = row.progress ?? 0;
  return Math.max(0, Math.round((row.estimatedSeconds * (100 - done)) / 100));
}

/** The wire Video of a row; `link` is the current download link of a completed video. */
export function presentVideo(row: VideoRow, link: DownloadLinkRow | undefined, publicBaseUrl: string): Video {
  const video: Video = {
    id: row.id,
    template: row.template,
    status: row.status as VideoStatus,
    stage: row.stage,
    progress: row.progress,
    projectId: row.projectId,
    exportId: row.exportId,
    downloadUrl: link ? downloadUrlOf(publicBaseUrl, link.token) : null,
    downloadExpiresAt: link ? link.expiresAt.toISOString() : null,
    error: row.errorCode ? { code: row.errorCode as FailureCode, message: row.errorMessage ?? "" } : null,
    creditsCharged: row.creditsCharged ?? null,
    estimatedSecondsRemaining: secondsRemaining(row),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    cutAtMs: row.cutAtMs,
    files: link ? fileUrlsOf(publicBaseUrl, link.token) : null,
  };
  // A video carries the notices its template gave it when it was created (AI-drafted words).
  if (row.notices !== null) video.notices = row.notices;
  return video;
}
