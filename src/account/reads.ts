import type { Database } from "../../db/client.ts";
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

  /** The account's video `id` with its newest download link, when it is kept (answered at once). */
  cachedVideo(accountId: string, id: string): VideoRead | undefined {
    return videoOf(this.cache.cached(videoKey(accountId, id), this.loadVideo, groupOf));
  }

  /** The account's video `id` with its newest download link, or undefined when the account has no such video. */
  async video(accountId: string, id: string): Promise<VideoRead | undefined> {
    return videoOf(await this.cache.read(videoKey(accountId, id), this.loadVideo, groupOf));
  }

  /** The account's use since `since` (the start of its period), when it is kept (answered at once). */
  cachedUsage(accountId: string, since: Date): UsageSummary | undefined {
    const kept = this.cache.cached(usageKey(accountId, since), this.loadUsage, groupOf);
    return kept && usageOf(kept);
  }

  /** The account's use since `since` (the start of its period). */
  async usage(accountId: string, since: Date): Promise<UsageSummary> {
    return usageOf(await this.cache.read(usageKey(accountId, since), this.loadUsage, groupOf));
  }

  // Loaders take the key they load (made once, not a closure per read).
  private readonly loadVideo = async (key: string): Promise<Read | undefined> => {
    const [accountId, id] = partsOf(key);
    const row = await findAccountVideo(this.database.db, accountId, id);
    if (!row) return undefined;
    const link = row.status === "completed" ? (await latestDownloadLinks(this.database.db, [row.id])).get(row.id) : undefined;
    return { video: { row, link }, accountId };
  };

  private readonly loadUsage = async (key: string): Promise<Read> => {
    const [accountId, since] = partsOf(key);
    return { usage: await usageSince(this.database.db, accountId, new Date(Number(since))), accountId };
  };

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

const videoKey = (accountId: string, id: string) => `video ${accountId} ${id}`;
const usageKey = (accountId: string, since: Date) => `usage ${accountId} ${since.getTime()}`;
/** A key's account id (ours: no space) and the rest (a caller's id may hold anything). */
function partsOf(key: string): [string, string] {
  const first = key.indexOf(" ");
  const second = key.indexOf(" ", first + 1);
  return [key.slice(first + 1, second), key.slice(second + 1)];
}
const groupOf = (read: Read) => read.accountId;
const videoOf = (read: Read | undefined) => (read && "video" in read ? read.video : undefined);
function usageOf(read: Read | undefined): UsageSummary {
  if (!read || !("usage" in read)) throw new Error("usage summary missing");
  return read.usage;
}
