import { afterEach, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Limits, type Windows, admitRequest, initialState, unsyncedAllowance, windowsOf } from "../../actors/account-actor.ts";
import { MemoryWindowStore, SOLE_WRITER_SYNC_EVERY_MS, SYNC_EVERY_MS, syncEveryMsFor } from "../../actors/memory-window-store.ts";
import { splitCount } from "../../actors/time-log.ts";
import { MIGRATIONS_DIR, type Database, migrateDatabase, openPglite, openPostgres } from "../../db/client.ts";
import { deleteStaleRateWindows } from "../../db/repos/rate-windows.ts";
import { DATABASE_KINDS, freshDatabase } from "../helpers/databases.ts";

const SPEC: Limits = { requestsPerMinute: 60, createsPerMinute: 10, freeToolsPerHour: 30, freeToolsPerDay: 100, concurrentRenders: 3, concurrentStreams: 20 };
/** Above 600 a minute a window keeps runs of 1 s, which several processes add to. */
const RAISED: Limits = { ...SPEC, requestsPerMinute: 6000 };
const DAY = 24 * 3600_000;

type Run = { kind: string; at: number; count: number; version: number };

describe.each(DATABASE_KINDS)("rate window batches on %s", (kind) => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  let t = 1_800_000_000_000;
  const now = () => new Date(t);
  /** A store as a serving process makes it, batches written only by flush() here. */
  const storeOn = (database: Database) => {
    const store = new MemoryWindowStore(database, now, () => {}, 3600_000);
    closing.push(() => store.close());
    return store;
  };
  const open = async () => {
    const database = await freshDatabase(kind);
    closing.push(() => database.close());
    return database;
  };
  /** The same database through another connection, as another process would reach it. */
  const second = (database: Database & { url?: string }) => {
    if (!database.url) return database;
    const other = openPostgres(database.url, { max: 2 });
    closing.push(() => other.close());
    return other;
  };
  const admit = (store: MemoryWindowStore, subject: string, limits: Limits, what: "read" | "free_tool" = "read") =>
    store.update(subject, now(), (windows) => {
      const [state, admission] = admitRequest(initialState(limits, windows), what, t);
      return [windowsOf(state), admission.admitted];
    });
  const counted = (store: MemoryWindowStore, subject: string) => store.update(subject, now(), (windows) => [windows, splitCount(windows.requests)]);
  const runsOf = async (database: Database, subject: string) =>
    ((await database.executeSql("select kind, at, count, version from rate_window_runs where subject = $1 order by kind, at", [subject])).rows as Run[]).map((r) => ({
      kind: r.kind,
      at: Number(r.at),
      count: Number(r.count),
      version: Number(r.version),
    }));
  /** How many admissions of `subject` the rows hold. */
  const writtenCount = async (database: Database, subject: string) => (await runsOf(database, subject)).reduce((n, run) => n + run.count, 0);
  /** The database as the store sees it, with `before` run ahead of each of its statements (to hold or fail them). */
  const beforeEachStatement = (database: Database, before: () => unknown): Database => ({
    ...database,
    db: new Proxy(database.db, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "execute") return async (...args: unknown[]) => (await before(), value.apply(target, args));
        return typeof value === "function" ? value.bind(target) : value;
      },
    }),
  });

  test("a store writes its batches on its own: every 200 ms on Postgres, every second on the embedded database (its only writer)", async () => {
    const database = await open();
    const every = syncEveryMsFor(database.kind);
    expect(every).toBe(database.kind === "pglite" ? SOLE_WRITER_SYNC_EVERY_MS : SYNC_EVERY_MS);
    const store = new MemoryWindowStore(database, now, () => {});
    closing.push(() => store.close());
    t += 10;
    expect(await admit(store, "acct:timer", SPEC)).toBe(true);
    // A busy machine fires the timer late: wait many intervals, but never call flush().
    const deadline = performance.now() + 30 * every;
    while ((await runsOf(database, "acct:timer")).length === 0 && performance.now() < deadline) await Bun.sleep(every / 4);
    expect((await runsOf(database, "acct:timer")).map(({ kind, count }) => ({ kind, count }))).toEqual([{ kind: "requests", count: 1 }]);
  }, 60_000);

  test("a batch writes only the runs added since the last one: every run written before keeps its count and version", async () => {
    const database = await open();
    const store = storeOn(database);
    for (let i = 0; i < 40; i++) {
      t += 10;
      expect(await admit(store, "acct:a", SPEC)).toBe(true);
    }
    expect(await store.flush()).toBe(true);
    const before = await runsOf(database, "acct:a");
    expect(before).toHaveLength(40);
    t += 10;
    await admit(store, "acct:a", SPEC);
    await admit(store, "acct:a", SPEC, "free_tool");
    expect(await store.flush()).toBe(true);
    const after = await runsOf(database, "acct:a");
    expect(after.filter((run) => before.some((old) => old.at === run.at && old.kind === run.kind))).toEqual(before);
    const added = after.filter((run) => !before.some((old) => old.at === run.at && old.kind === run.kind));
    expect(added.map(({ kind, at, count }) => ({ kind, at, count }))).toEqual([
      { kind: "free_tools", at: t, count: 1 },
      { kind: "requests", at: t, count: 2 },
    ]);
    expect(added[0]!.version).toBeGreaterThan(Math.max(...before.map((run) => run.version)));
    // The subject's row keeps only its creates.
    const [row] = (await database.executeSql("select windows from rate_windows where subject = 'acct:a'")).rows as { windows: unknown }[];
    expect(row!.windows).toEqual({ creates: [] });
  });

  test("two processes add to the same run; each reads back its whole count once, never its own part twice", async () => {
    const database = await open();
    const a = storeOn(database);
    const b = storeOn(second(database));
    for (let i = 0; i < 3; i++) await admit(a, "acct:shared", RAISED);
    for (let i = 0; i < 4; i++) await admit(b, "acct:shared", RAISED);
    expect(await a.flush()).toBe(true);
    expect(await b.flush()).toBe(true);
    expect(await runsOf(database, "acct:shared")).toEqual([expect.objectContaining({ kind: "requests", count: 7 })]);
    // b wrote after a: it read a's three back with its own four.
    expect(await counted(b, "acct:shared")).toBe(7);
    // a hears of b's four with its next batch, and counts its own three once.
    await admit(a, "acct:shared", RAISED);
    expect(await counted(a, "acct:shared")).toBe(4);
    expect(await a.flush()).toBe(true);
    expect(await counted(a, "acct:shared")).toBe(8);
    expect(await a.flush()).toBe(true);
    expect(await counted(a, "acct:shared")).toBe(8);
  });

  test("a decision from memory is made without I/O and kept like one made through update; one that must be written first, or a subject not read yet, is left to update", async () => {
    const database = await open();
    const store = storeOn(database);
    const decide = (windows: Windows): [Windows, boolean] => {
      const [state, admission] = admitRequest(initialState(SPEC, windows), "read", t);
      return [windowsOf(state), admission.admitted];
    };
    const limit = { unsyncedLimit: unsyncedAllowance(SPEC, "read") };
    // Not read from its rows yet: memory cannot decide.
    expect(store.updateNow("acct:m", now(), decide, limit)).toBeUndefined();
    expect(await store.update("acct:m", now(), decide, limit)).toBe(true);
    // Four more from memory (five unheard of in all): the sixth would make six, a tenth of 60, and must be written first.
    for (let i = 0; i < 4; i++) expect(store.updateNow("acct:m", now(), decide, limit)).toBe(true);
    expect(store.updateNow("acct:m", now(), decide, limit)).toBeUndefined();
    expect(await store.update("acct:m", now(), decide, limit)).toBe(true);
    expect(await writtenCount(database, "acct:m")).toBe(6);
  });

  test("a request that makes a tenth of the limit unheard of, counting a batch still being written, waits until all of it is written", async () => {
    const database = await open();
    // Its statements held at a gate while the test says so.
    let gate: Promise<void> | undefined;
    const store = storeOn(beforeEachStatement(database, () => gate));
    const admitWaiting = (subject: string) =>
      store.update(
        subject,
        now(),
        (windows) => {
          const [state, admission] = admitRequest(initialState(SPEC, windows), "read", t);
          return [windowsOf(state), admission.admitted];
        },
        { unsyncedLimit: unsyncedAllowance(SPEC, "read") },
      );
    for (let i = 0; i < 5; i++) await admitWaiting("acct:a");
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    // The timer's batch takes the five and waits at the gate; the sixth request comes meanwhile.
    const batch = store.flush();
    await Bun.sleep(0);
    const sixth = admitWaiting("acct:a");
    release();
    expect(await sixth).toBe(true);
    expect(await batch).toBe(true);
    // The sixth was written before its request was answered, not left for the next batch.
    expect(await writtenCount(database, "acct:a")).toBe(6);
  });

  test("admissions a failed batch could not write are written by the next one, and counted once", async () => {
    const database = await open();
    let failing = false;
    const store = storeOn(
      beforeEachStatement(database, () => {
        if (failing) throw new Error("connection lost");
      }),
    );
    for (let i = 0; i < 3; i++) expect(await admit(store, "acct:f", SPEC)).toBe(true);
    failing = true;
    expect(await store.flush()).toBe(false);
    failing = false;
    expect(await store.flush()).toBe(true);
    expect(await writtenCount(database, "acct:f")).toBe(3);
    expect(await counted(store, "acct:f")).toBe(3);
    expect(await admit(store, "acct:f", SPEC)).toBe(true);
    expect(await store.flush()).toBe(true);
    expect(await writtenCount(database, "acct:f")).toBe(4);
    expect(await counted(store, "acct:f")).toBe(4);
  });

  test("a subject's batch deletes its runs past their window (on PGlite, and vacuums); a restart reads back what is left; the daily sweep deletes the rest", async () => {
    const database = await open();
    const store = storeOn(database);
    const vacuums = async () => Number(((await database.executeSql("select vacuum_count from pg_stat_user_tables where relname = 'rate_window_runs'")).rows[0] as { vacuum_count: number }).vacuum_count);
    const vacuumedBefore = await vacuums();
    for (const subject of ["acct:busy", "acct:idle"]) {
      await admit(store, subject, SPEC);
      await admit(store, subject, SPEC, "free_tool");
    }
    expect(await store.flush()).toBe(true);
    t += 61_000;
    await admit(store, "acct:busy", SPEC);
    expect(await store.flush()).toBe(true);
    // PGlite has no autovacuum: each pruning batch reclaims what the upserts left behind.
    if (kind === "pglite") expect(await vacuums()).toBe(vacuumedBefore + 2);
    // The minute-old request went; the free-tool call counts for a day.
    expect((await runsOf(database, "acct:busy")).map((run) => [run.kind, run.at])).toEqual([
      ["free_tools", t - 61_000],
      ["requests", t],
    ]);
    expect(await runsOf(database, "acct:idle")).toHaveLength(2);
    const restarted = storeOn(database);
    expect(await counted(restarted, "acct:busy")).toBe(1);
    expect(await counted(restarted, "acct:idle")).toBe(0);
    t += DAY + 1;
    await deleteStaleRateWindows(database.db, new Date(t - DAY));
    expect(await runsOf(database, "acct:busy")).toEqual([]);
    expect(await runsOf(database, "acct:idle")).toEqual([]);
  });
});

test("migration 0007 carries the windows already kept (runs, and one time per admission from older rows) over to runs", async () => {
  const folder = mkdtempSync(join(tmpdir(), "migrations-0006-"));
  const database = await openPglite(null);
  try {
    // The migrations up to 0006, as a database made before 0007 holds them (later ones are newer still).
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
    for (const entry of journal.entries.filter((e) => e.idx >= 7)) rmSync(join(folder, `${entry.tag}.sql`));
    journal.entries = journal.entries.filter((entry) => entry.idx < 7);
    writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    await migrate(database.db as never, { migrationsFolder: folder });
    await database.executeSql(
      `insert into rate_windows (subject, windows, updated_at) values
        ('acct:runs', '{"requests":[[1000,2],[2000,1]],"creates":[[1500,1]],"freeTools":[[900,1]]}', now()),
        ('acct:times', '{"requests":[1000,1000,3000]}', now())`,
    );
    await migrateDatabase(database);
    const runs = (await database.executeSql("select subject, kind, at::int, count from rate_window_runs order by subject, kind, at")).rows;
    expect(runs).toEqual([
      { subject: "acct:runs", kind: "free_tools", at: 900, count: 1 },
      { subject: "acct:runs", kind: "requests", at: 1000, count: 2 },
      { subject: "acct:runs", kind: "requests", at: 2000, count: 1 },
      { subject: "acct:times", kind: "requests", at: 1000, count: 2 },
      { subject: "acct:times", kind: "requests", at: 3000, count: 1 },
    ]);
    const rows = (await database.executeSql("select subject, windows from rate_windows order by subject")).rows;
    expect(rows).toEqual([
      { subject: "acct:runs", windows: { creates: [[1500, 1]] } },
      { subject: "acct:times", windows: { creates: [] } },
    ]);
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
