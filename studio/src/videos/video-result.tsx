import type { Video } from "../../../client/src/client.ts";
import { formatDuration } from "./duration.ts";

/** The files made with every video, in the order a person looks for them. */
const FILES: { key: keyof NonNullable<Video["files"]>; label: string }[] = [
  { key: "captionsSrt", label: "Captions (SRT)" },
  { key: "captionsVtt", label: "Captions (WebVTT)" },
  { key: "captionsJson", label: "Captions with word times (JSON)" },
  { key: "poster", label: "Poster (JPEG)" },
  { key: "contactSheet", label: "Contact sheet (JPEG)" },
  { key: "publishKit", label: "Publish kit and AI disclosure (JSON)" },
];

export function VideoResult({ video }: { video: Video }) {
  if (video.status === "failed") {
    return (
      <section class="card problem" role="alert" aria-labelledby="failed-heading">
        <h2 id="failed-heading">The video failed</h2>
        <p>{video.error?.message ?? "No reason was given."}</p>
        {video.error && <p class="code">{video.error.code}</p>}
        <p class="muted">A failed video costs nothing.</p>
      </section>
    );
  }
  if (video.status === "cancelled") {
    return (
      <section class="card" aria-labelledby="cancelled-heading">
        <h2 id="cancelled-heading">Cancelled</h2>
        <p>{video.error?.message ?? "This video was cancelled before it started."} It costs nothing.</p>
      </section>
    );
  }
  return (
    <section class="card result" aria-labelledby="result-heading">
      <h2 id="result-heading">Ready</h2>
      {video.downloadUrl && (
        <video class="player" controls preload="metadata" playsInline poster={video.files?.poster} src={video.downloadUrl} aria-label="The finished video" />
      )}
      {video.durationMs !== null && <p>Length: {formatDuration(video.durationMs)}</p>}
      {video.cutAtMs !== null && <p>Cut point for splicing: {(video.cutAtMs / 1000).toFixed(1)} s (where the message after the one you named appears).</p>}
      {video.notices && video.notices.length > 0 && (
        <ul class="notices" aria-label="Notices">
          {video.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      <h3>Downloads</h3>
      <ul class="downloads">
        {video.downloadUrl && (
          <li>
            <a href={video.downloadUrl} download>
              Video (MP4)
            </a>
          </li>
        )}
        {video.files &&
          FILES.map(({ key, label }) => (
            <li key={key}>
              <a href={video.files![key]} download>
                {label}
              </a>
            </li>
          ))}
      </ul>
      {video.downloadExpiresAt && <p class="muted">These links work until {new Date(video.downloadExpiresAt).toLocaleString()}; open this page again after that for fresh ones.</p>}
      {video.creditsCharged && (
        <p class="muted">
          Charged: {video.creditsCharged.videos} video{video.creditsCharged.videos === 1 ? "" : "s"}
          {video.creditsCharged.narration > 0 && `, ${video.creditsCharged.narration} narration credits`}
          {video.creditsCharged.render > 0 && `, ${video.creditsCharged.render} export credits`}.
        </p>
      )}
    </section>
  );
}
