import { eq, lt, sql } from "drizzle-orm";
import { type Db, executeRawSql } from "../client.ts";
import { type RunKind, type TimeLog, type WindowRun, rateWindowRuns, rateWindows } from "../schema/index.ts";

/** A window as stored: runs, or (rows written before runs) one time per admission. */
const asLog = (stored: readonly (number | readonly [number, number])[] | undefined): TimeLog =>
  (stored ?? []).map((entry) => (typeof entry === "number" ? ([entry, 1] as const) : entry));

/** Reads a subject's creates and holds its row lock until the transaction ends. */
export async function lockRateWindows(tx: Db, subject: string, now: Date): Promise<TimeLog> {
  await tx.insert(rateWindows).values({ subject, windows: { creates: [] }, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select({ windows: rateWindows.windows }).from(rateWindows).where(eq(rateWindows.subject, subject)).for("update");
  return asLog(row?.windows.creates);
}

export async function saveCreates(tx: Db, subject: string, creates: TimeLog, now: Date): Promise<void> {
  await tx.update(rateWindows).set({ windows: { creates }, updatedAt: now }).where(eq(rateWindows.subject, subject));
}

/** A subject's runs as of `version` (0 when no batch has written it). */
export interface StoredRuns {
  version: number;
  runs: Omit<WindowRun, "subject">[];
}

type RunRow = { subject: string; version: string | number | null; kind: RunKind | null; at: string | number | null; count: string | number | null };

/**
 * `values` as one Postgres text[] literal: one parameter whatever their number, so the statement's text is
 * the same every time and each subject is looked up through its index.
 */
const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;

/** Each subject's runs and the version they stand at, read in one statement (so the two agree). */
export async function readWindowRuns(db: Db, subjects: string[]): Promise<Map<string, StoredRuns>> {
  // OFFSET 0 keeps each subject's lookup a lookup (its index), where a join would read the whole table.
  const { rows } = await executeRawSql(
    db,
    `select s.subject, w.version, r.kind, r.at, r.count
       from unnest($1::text[]) as s(subject)
       left join lateral (select version from rate_windows w where w.subject = s.subject offset 0) w on true
       left join lateral (select kind, at, count from rate_window_runs r where r.subject = s.subject offset 0) r on true`,
    [textArray(subjects)],
  );
  const read = new Map<string, StoredRuns>();
  for (const row of rows as RunRow[]) {
    const stored = read.get(row.subject) ?? { version: Number(row.version ?? 0), runs: [] };
    read.set(row.subject, stored);
    if (row.kind !== null) stored.runs.push({ kind: row.kind, at: Number(row.at), count: Number(row.count) });
  }
  return read;
}

/**
 * Adds a batch of runs in one statement, committed on its own, and returns each subject's new version.
 * Each subject's row is locked (in subject order, so two batches never deadlock) and given a new version
 * from the sequence while locked, and each run gets its count added (an upsert per run) with that version.
 * So for one subject, versions rise in the order batches commit: once a batch of version v is visible,
 * every batch below v is too, and reading what is above v misses nothing.
 */
export async function addWindowRuns(db: Db, runs: readonly WindowRun[], now: Date): Promise<Map<string, number>> {
  const subjects = [...new Set(runs.map((run) => run.subject))].sort();
  if (subjects.length === 0) return new Map();
  const { rows } = await executeRawSql(
    db,
    `with bumped as (
       insert into rate_windows as w (subject, windows, updated_at)
       select s.subject, '{"creates":[]}'::jsonb, $2::timestamptz from unnest($1::text[]) as s(subject) order by s.subject
       on conflict (subject) do update set version = nextval('rate_window_version'), updated_at = excluded.updated_at
       returning w.subject, w.version
     ), added as (
       insert into rate_window_runs as r (subject, kind, at, count, version)
       select x.subject, x.kind, x.at, x.count, b.version
         from jsonb_to_recordset($3::jsonb) as x(subject text, kind text, at bigint, count integer) join bumped b on b.subject = x.subject
       on conflict (subject, kind, at) do update set count = r.count + excluded.count, version = excluded.version
     )
     select subject, version from bumped`,
    [textArray(subjects), now.toISOString(), JSON.stringify(runs)],
  );
  return new Map((rows as { subject: string; version: string | number }[]).map((row) => [row.subject, Number(row.version)]));
}

/** A run read back, with the version of the batch that last changed it. */
export type ChangedRun = Omit<WindowRun, "subject"> & { version: number };

/**
 * Each subject's runs changed after the version given for it, with their whole counts (every process's
 * additions) and versions, through the (subject, version) index.
 */
export async function readChangedRuns(db: Db, since: ReadonlyMap<string, number>): Promise<Map<string, ChangedRun[]>> {
  const changed = new Map<string, ChangedRun[]>([...since.keys()].map((subject) => [subject, []]));
  if (since.size === 0) return changed;
  // OFFSET 0 keeps each subject's read a lookup in the index, where a join would read the whole table.
  const { rows } = await executeRawSql(
    db,
    `select k.subject, r.kind, r.at, r.count, r.version
       from jsonb_to_recordset($1::jsonb) as k(subject text, since bigint),
       lateral (select kind, at, count, version from rate_window_runs r where r.subject = k.subject and r.version > k.since offset 0) r`,
    [JSON.stringify([...since].map(([subject, version]) => ({ subject, since: version })))],
  );
  for (const row of rows as RunRow[]) changed.get(row.subject)?.push({ kind: row.kind!, at: Number(row.at), count: Number(row.count), version: Number(row.version) });
  return changed;
}

/** Deletes the subjects' runs at or before these times (past their window). */
export async function deleteExpiredRuns(db: Db, subjects: readonly string[], expired: Record<RunKind, number>): Promise<void> {
  if (subjects.length === 0) return;
  await executeRawSql(
    db,
    `delete from rate_window_runs where subject = any($1::text[]) and ((kind = 'requests' and at <= $2::bigint) or (kind = 'free_tools' and at <= $3::bigint))`,
    [textArray(subjects), expired.requests, expired.free_tools],
  );
}

/**
 * Reclaims the space of runs deleted and overwritten. Postgres's autovacuum does this on its own; PGlite
 * has none, and there every batch's upserts left their old row versions and index entries behind (a
 * minute of batches for 40 busy subjects grew the table and its indexes by about 2 MB, without end).
 */
export async function vacuumWindowRuns(db: Db): Promise<void> {
  await db.execute(sql`vacuum rate_window_runs`);
}

/** Rows untouched for a day hold no live window, and no run counts a day after its time. */
export async function deleteStaleRateWindows(db: Db, before: Date): Promise<void> {
  await db.delete(rateWindows).where(lt(rateWindows.updatedAt, before));
  await db.delete(rateWindowRuns).where(lt(rateWindowRuns.at, before.getTime()));
}
