import { PGlite, type PGliteInterface } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { type SQL, sql } from "drizzle-orm";
import postgres from "postgres";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { makePrivate } from "./private-folder.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs `work` in one transaction. A transaction is a `Db` to every repo, so services hand it on as they
 * would the database; this is the one way the service opens a transaction.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

/** `$1`-style SQL (pg-boss writes its own) as a drizzle query, so it runs on whatever connection `db` is. */
export function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${values[Number(part) - 1]}`);
  });
  return sql.join(chunks);
}

/** Runs `$1`-style SQL on `db`'s connection (inside its transaction when it is one). */
export async function executeRawSql(db: Db, text: string, values: readonly unknown[] = []): Promise<{ rows: unknown[] }> {
  const result = (await db.execute(toDrizzleSql(text, values))) as unknown;
  // postgres-js returns the rows as an array, PGlite an object with `rows`.
  return { rows: Array.isArray(result) ? [...result] : ((result as { rows: unknown[] }).rows ?? []) };
}

/** postgres.js's own codes for a connection it lost or could not open, and the socket's. */
const LOST_CONNECTION = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
/** The server's codes while it shuts down, crashes or starts up (57P01-03); class 08 is "connection exception". */
const SERVER_AWAY = new Set(["57P01", "57P02", "57P03"]);

/**
 * Whether `error` says the database could not be reached (restarting, failing over, the network), as
 * opposed to a statement it refused: such a failure says nothing about the work, and the same work can
 * run again once the database answers. Looks through drizzle's wrapper (`cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (LOST_CONNECTION.has(code) || SERVER_AWAY.has(code) || code.startsWith("08"))) return true;
  }
  return false;
}

/**
 * Runs `work`, and again every `everyMs` while it fails only because the database is unavailable, for up
 * to `forMs`; then (or on any other error) rethrows. Only for work that is safe to repeat: one
 * transaction, or a read.
 */
export async function whileDatabaseUnavailable<T>(work: () => Promise<T>, options: { forMs: number; everyMs: number; signal?: AbortSignal }): Promise<T> {
  const deadline = Date.now() + options.forMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + options.everyMs > deadline || options.signal?.aborted) throw error;
    }
    await Bun.sleep(options.everyMs);
  }
}

export const MIGRATIONS_DIR = join(import.meta.dir, "migrations");

/** An open database, whichever engine backs it. */
export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs parameterised SQL on the underlying driver (used by the job queue adapter). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`. `onListen` runs once listening
   * starts and again after every reconnection (when notifications may have been missed). Resolves once
   * listening, to a function that stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function wrapPglite(client: PGliteInterface): Database {
  return {
    // A clone is typed as the interface, but is the same class at run time.
    db: drizzlePglite(client as PGlite, { schema }),
    kind: "pglite",
    // pg-boss sends parameterless multi-statement SQL, which only exec() accepts.
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
    async listen(channel, onNotify, onListen) {
      // One process holds the embedded database, so its connection is never lost.
      const stop = await client.listen(channel, onNotify);
      onListen?.();
      return () => stop();
    },
    close: () => client.close(),
  };
}

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  return {
    db: drizzlePostgres(client, { schema }),
    kind: "postgres",
    async executeSql(text, values) {
      const rows = await client.unsafe(text, (values ?? []) as never[]);
      return { rows: [...rows] };
    },
    async listen(channel, onNotify, onListen) {
      const { unlisten } = await client.listen(channel, onNotify, onListen);
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    // Postgres wants its data directory 0700; here it is also what keeps every account's signing secret
    // and the file-URL key from other local users. A folder an older start left open is closed first.
    const dir = join(dataDir, "pglite");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    makePrivate(dir);
    client = new PGlite(dir);
    await client.waitReady;
    // A new database's files were just written open to everyone (see makePrivate).
    makePrivate(dir);
  } else {
    client = new PGlite();
    await client.waitReady;
  }
  return wrapPglite(client);
}

export async function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/** Several processes may start at once against one Postgres: the advisory lock lets one migrate at a time. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const lockId = 724_001;
  await database.db.execute(sql`select pg_advisory_lock(${lockId})`);
  try {
    await migratePostgres(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(${lockId})`);
  }
}
