import type { DownloadLinkRow } from "../../db/repos/videos.ts";
import type { VideoRow } from "../../db/schema/index.ts";
import type { FailureCode } from "../kernel/errors.ts";
import { keptPublishing } from "../publishing/publishing.ts";
import { VIDEO_FILES } from "./files.ts";
import { TERMINAL, type Video, type VideoStatus } from "./model.ts";

export function downloadUrlOf(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/v1/d/${token}`;
}

/** The links of a completed video's files: its download link's token with the file's name. */
export function fileUrlsOf(publicBaseUrl: string, token: string): NonNullable<Video["files"]> {
  const base = downloadUrlOf(publicBaseUrl, token);
  return Object.fromEntries(Object.entries(VIDEO_FILES).map(([name, file]) => [name, `${base}/${file}`])) as NonNullable<Video["files"]>;
}

/** Seconds left: the whole estimate while queued, the unfinished share while processing, null when done. */
export function secondsRemaining(row: Pick<VideoRow, "status" | "progress" | "estimatedSeconds">): number | null {
  if (TERMINAL.includes(row.status as VideoStatus) || row.estimatedSeconds === null) return null;
  const done = row.progress ?? 0;
  return Math.max(0, Math.round((row.estimatedSeconds * (100 - done)) / 100));
}

/** The wire Video of a row; `link` is the current download link of a completed video. */
export function presentVideo(row: VideoRow, link: DownloadLinkRow | undefined, publicBaseUrl: string): Video {
  // Written before the render and kept with the stage outputs; shown with the finished video.
  const publishing = row.status === "completed" ? keptPublishing(row.stageOutputs) : null;
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
    durationMs: row.status === "completed" && row.durationSeconds !== null ? Math.round(row.durationSeconds * 1000) : null,
    cutAtMs: row.cutAtMs,
    files: link ? fileUrlsOf(publicBaseUrl, link.token) : null,
    disclosure: publishing?.disclosure ?? null,
    publishKit: publishing?.kit ?? null,
  };
  // A video carries the notices its template gave it when it was created (AI-drafted words).
  if (row.notices !== null) video.notices = row.notices;
  return video;
}
