import { useEffect, useState } from "preact/hooks";
import type { ShortvidClient, Video } from "../../../client/src/client.ts";
import { type Refusal, refusalOf } from "../api/session.ts";
import { hrefOf } from "../router.ts";
import { ProblemNotice } from "../ui/problem.tsx";
import { formatDuration } from "./duration.ts";

const PAGE = 12;

/** Earlier videos, newest first, a page at a time (GET /v1/videos and its cursor). */
export function VideoList({ client, templateNames }: { client: ShortvidClient; templateNames: Map<string, string> }) {
  const [videos, setVideos] = useState<Video[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const load = async (from: string | undefined) => {
    setBusy(true);
    try {
      const page = await client.listVideos({ limit: PAGE, cursor: from });
      setVideos((old) => (from ? [...old, ...page.data] : page.data));
      setCursor(page.nextCursor ?? null);
      setRefusal(null);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
      setLoaded(true);
    }
  };
  useEffect(() => {
    void load(undefined);
  }, [client]);

  return (
    <div class="video-list">
      <h1 tabIndex={-1}>Your videos</h1>
      {refusal && <ProblemNotice refusal={refusal} />}
      {loaded && videos.length === 0 && !refusal && (
        <p>
          No videos yet. <a href={hrefOf({ name: "home" })}>Choose a template</a> to make one.
        </p>
      )}
      <ul class="videos">
        {videos.map((video) => (
          <li key={video.id} class="card video-row">
            {video.files?.poster ? <img src={video.files.poster} alt="" width={54} height={96} loading="lazy" /> : <span class="thumb-empty" aria-hidden="true" />}
            <div>
              <a href={hrefOf({ name: "video", id: video.id })}>{templateNames.get(video.template) ?? video.template}</a>
              <p class="muted">
                <span class={`status status-${video.status}`}>{video.stage}</span>
                {video.durationMs !== null && (
                  <>
                    {" · "}
                    <span class="duration">
                      <span class="sr-only">length </span>
                      {formatDuration(video.durationMs)}
                    </span>
                  </>
                )}
                {" · "}
                {new Date(video.createdAt).toLocaleString()}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {cursor && (
        <button type="button" class="secondary" disabled={busy} onClick={() => load(cursor)}>
          {busy ? "Loading…" : "Show older videos"}
        </button>
      )}
    </div>
  );
}
