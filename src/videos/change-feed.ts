import type { Database } from "../../db/client.ts";
import type { Logger } from "../kernel/logger.ts";

/**
 * Announced by the videos trigger (migration 0005) whenever a video's status, stage or progress changes,
 * whoever changes it (a worker process, this one, the watchdog, a cancel): the video's id, its new state
 * version, progress, status and stage, tab-separated.
 */
export const VIDEO_CHANGED_CHANNEL = "video_changed";

/** A video's status, stage and progress as one change left them. */
export interface VideoState {
  version: number;
  status: string;
  stage: string;
  progress: number | null;
}

/** A notification's video id and state; undefined for a payload this version does not know. */
export function parseVideoChange(payload: string): { id: string; state: VideoState } | undefined {
  const [id, version, progress, status, ...stage] = payload.split("\t");
  if (!id || !status || !/^\d+$/.test(version ?? "") || !/^\d*$/.test(progress ?? "")) return undefined;
  return { id, state: { version: Number(version), status, stage: stage.join("\t"), progress: progress ? Number(progress) : null } };
}

type Wake = (state?: VideoState) => void;

/**
 * One LISTEN per process, fanned out to whoever follows a video (each progress stream). A follower is
 * told every change of its video, in order, with the state it left; after a reconnection (when
 * notifications may have been missed) it is woken once with no state and reads the video itself.
 * Listening starts with the first follower, so a process that streams nothing holds no listening
 * connection.
 */
export class VideoChangeFeed {
  private readonly followers = new Map<string, Set<Wake>>();
  private readonly closers = new Set<() => void>();
  private listening: Promise<void> | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  /**
   * Calls `wake` with each change of video `id`, and `closing` when the process shuts the feed; returns
   * the function that stops it. Resolves once listening (or once listening failed: the follower then
   * relies on its own periodic reads).
   */
  async follow(id: string, wake: Wake, closing: () => void): Promise<() => void> {
    if (this.closed) {
      closing(); // a stream opened while the process shuts down ends at once
      return () => {};
    }
    const set = this.followers.get(id) ?? new Set();
    set.add(wake);
    this.followers.set(id, set);
    this.closers.add(closing);
    const stop = () => {
      set.delete(wake);
      this.closers.delete(closing);
      if (set.size === 0 && this.followers.get(id) === set) this.followers.delete(id);
    };
    await this.listen().catch((error: Error) => this.log.warn("video changes could not be listened to; streams read on their own schedule", { error: error.message }));
    return stop;
  }

  /** Videos followed now (for tests: a closed stream leaves nothing behind). */
  get followed(): number {
    return this.followers.size;
  }

  /** Ends every follower (a stream ends, and its client resumes elsewhere), then stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const closing of [...this.closers]) closing();
    this.closers.clear();
    this.followers.clear();
    const stop = this.stopListening;
    this.stopListening = undefined;
    this.listening = undefined;
    await stop?.().catch(() => {});
  }

  private listen(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.listening ??= this.database
      .listen(
        VIDEO_CHANGED_CHANNEL,
        (payload) => {
          const change = parseVideoChange(payload);
          if (change) for (const wake of [...(this.followers.get(change.id) ?? [])]) wake(change.state);
        },
        () => {
          for (const set of this.followers.values()) for (const wake of [...set]) wake();
        },
      )
      .then(
        async (stop) => {
          if (this.closed) await stop().catch(() => {});
          else this.stopListening = stop;
        },
        (error) => {
          this.listening = undefined; // the next follower tries again
          throw error;
        },
      );
    return this.listening;
  }
}
