import { useEffect, useState } from "preact/hooks";
import { type ShortvidClient, type Video, isTerminal } from "../../../client/src/client.ts";
import { type Refusal, refusalOf } from "../api/session.ts";
import { ProblemNotice } from "../ui/problem.tsx";
import { VideoResult } from "./video-result.tsx";

const remaining = (s: number) => (s < 90 ? `about ${s} s left` : `about ${Math.round(s / 60)} min left`);

/**
 * One video: its progress while it is made (the progress stream, read with fetch since EventSource
 * cannot send the key), then its result.
 */
export function VideoPage({ client, id, templateNames }: { client: ShortvidClient; id: string; templateNames: Map<string, string> }) {
  const [video, setVideo] = useState<Video | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    setVideo(null);
    setRefusal(null);
    (async () => {
      try {
        const first = await client.getVideo(id, { signal: abort.signal });
        setVideo(first);
        if (isTerminal(first)) return;
        for await (const update of client.watchVideo(id, { signal: abort.signal })) setVideo(update);
        // The stream ends on a terminal state; its last event may predate the download link, so read it once more.
        setVideo(await client.getVideo(id, { signal: abort.signal }));
      } catch (error) {
        if (!abort.signal.aborted) setRefusal(refusalOf(error));
      }
    })();
    return () => abort.abort();
  }, [client, id]);

  const cancel = async () => {
    setCancelling(true);
    try {
      setVideo(await client.cancelVideo(id));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setCancelling(false);
    }
  };

  const name = video ? (templateNames.get(video.template) ?? video.template) : "Video";
  return (
    <div class="video-page">
      <h1 tabIndex={-1}>{name}</h1>
      <p class="muted">
        <code>{id}</code>
        {video && ` · started ${new Date(video.createdAt).toLocaleString()}`}
      </p>
      {refusal && <ProblemNotice refusal={refusal} />}
      {!video && !refusal && <p>Loading…</p>}
      {video && !isTerminal(video) && (
        <section class="card progress-card" aria-labelledby="progress-heading">
          <h2 id="progress-heading">Being made</h2>
          <p class="stage" aria-live="polite">
            {video.stage}
            {video.progress !== null && ` · ${video.progress}%`}
            {video.estimatedSecondsRemaining !== null && ` · ${remaining(video.estimatedSecondsRemaining)}`}
          </p>
          <progress max={100} value={video.progress ?? undefined} aria-label="Progress" />
          {video.status === "queued" && (
            <button type="button" class="secondary" disabled={cancelling} onClick={cancel}>
              {cancelling ? "Cancelling…" : "Cancel this video"}
            </button>
          )}
        </section>
      )}
      {video && isTerminal(video) && <VideoResult video={video} />}
    </div>
  );
}
