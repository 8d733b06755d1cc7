import type { Database } from "../../db/client.ts";
import { andThen } from "../kernel/and-then.ts";
import { NotifiedCache } from "../../db/notified-cache.ts";
import { type UsageSummary, usageSince } from "../../db/repos/usage.ts";
import { type DownloadLinkRow, findAccountVideo, latestDownloadLinks } from "../../db/repos/videos.ts";
import type { VideoRow } from "../../db/schema/index.ts";

/** Announced by the database's triggers (migration 0004) when an account's videos, links or charges change. */
export const ACCOUNT_DATA_CHANNEL = "account_data_changed";

/** A video as GET /v1/videos/{id} shows it: its row and, once completed, its newest download link. */
export interface VideoRead {
  row: VideoRow;
  link: DownloadLinkRow | undefined;
}

type Read = { video: VideoRead; accountId: string } | { usage: UsageSummary; accountId: string };

/**
 * What polling clients read most, kept in memory per process: a video with its download link, and an
 * account's use in its period (GET /v1/me). Every change to an account's videos, download links or
 * charges is announced on ACCOUNT_DATA_CHANNEL by a trigger, whoever makes it (a worker process, this
 * one, the admin command), and drops all of that account's entries here. A change made in this process
 * is heard before its write returns on PGlite; from another process, as soon as its notification
 * arrives (Postgres sends it at commit, normally within milliseconds). Entries live only while listening
 * and never longer than `ttlMs`, which bounds what a lost notification can hide. That bound is 30 s, as
 * for API keys: a connection that drops empties the cache anyway, and each reload is a query on the
 * server's thread under PGlite (3 ms for a usage summary, 1 ms for a video), which at 5 s cost 40 polled
 * accounts 35 ms of every second.
 */
export class AccountReads {
  private readonly cache: NotifiedCache<Read>;

  constructor(
    private readonly database: Database,
    ttlMs = 30_000,
    maxEntries = 100_000,
  ) {
    this.cache = new NotifiedCache(database, ACCOUNT_DATA_CHANNEL, { ttlMs, maxEntries });
  }

  start(): Promise<void> {
    return this.cache.start();
  }

  close(): Promise<void> {
    return this.cache.close();
  }

  /**
   * The account's video `id` with its newest download link, or undefined when the account has no such
   * video: at once when it is kept, else once it has been read.
   */
  video(accountId: string, id: string): VideoRead | undefined | Promise<VideoRead | undefined> {
    const key = `video ${accountId} ${id}`;
    // Peeked first: the loader (a closure over the ids) is made only on a miss.
    const kept = this.cache.peek(key);
    if (kept) return videoOf(kept);
    const read = this.cache.read(key, async () => {
      const row = await findAccountVideo(this.database.db, accountId, id);
      if (!row) return undefined;
      const link = row.status === "completed" ? (await latestDownloadLinks(this.database.db, [row.id])).get(row.id) : undefined;
      return { video: { row, link }, accountId };
    }, groupOf);
    return andThen(read, videoOf);
  }

  /** The account's use since `since` (the start of its period): at once when it is kept. */
  usage(accountId: string, since: Date): UsageSummary | Promise<UsageSummary> {
    const key = this.usageKey(accountId, since);
    const kept = this.cache.peek(key);
    if (kept) return usageOf(kept);
    return andThen(this.cache.read(key, async () => ({ usage: await usageSince(this.database.db, accountId, since), accountId }), groupOf), usageOf);
  }

  /** The last key made for each period start (callers keep one Date per account's period): one string, not one per read. */
  private readonly usageKeys = new WeakMap<Date, { accountId: string; key: string }>();

  private usageKey(accountId: string, since: Date): string {
    const made = this.usageKeys.get(since);
    if (made && made.accountId === accountId) return made.key;
    const key = `usage ${accountId} ${since.getTime()}`;
    this.usageKeys.set(since, { accountId, key });
    return key;
  }

  /** This process changed the account's videos: its entries go now, before the notification comes back. */
  changed(accountId: string): void {
    this.cache.forget(accountId);
  }

  /** Resolves once every change committed before the call has reached this process's entries. */
  barrier(): Promise<void> {
    return this.cache.barrier();
  }

  get size(): number {
    return this.cache.size;
  }
}

const groupOf = (read: Read) => read.accountId;
const videoOf = (read: Read | undefined) => (read && "video" in read ? read.video : undefined);
function usageOf(read: Read | undefined): UsageSummary {
  if (!read || !("usage" in read)) throw new Error("usage summary missing");
  return read.usage;
}
