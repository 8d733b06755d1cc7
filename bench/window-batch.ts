/**
 * The limiter's batch (actors/memory-window-store.ts) alone: 40 subjects under a raised limit, each with
 * a full minute of 1 s runs already written, and one admission each between batches (what 40 busy
 * accounts add in 200 ms). Prints CPU and wall microseconds per batch in this process, the admissions
 * included: with PGlite that is the database's work too; with Postgres (DATABASE_URL, a scratch database:
 * it is migrated, and its rows are deleted at the end) the client's side of it.
 * Run: bun bench/window-batch.ts [batches]
 */
import { loadavg } from "node:os";
import { type Limits, admitRequest, initialState, windowsOf } from "../actors/account-actor.ts";
import { MemoryWindowStore } from "../actors/memory-window-store.ts";
import { migrateDatabase, openPglite, openPostgres } from "../db/client.ts";

const BATCHES = Number(process.argv[2] ?? 200);
const SUBJECTS = 40;
const url = process.env.DATABASE_URL;
const database = url ? openPostgres(url, { max: 2 }) : await openPglite(null);
await migrateDatabase(database);

let t = Date.now();
const now = () => new Date(t);
// Batches are made by flush() below, not by the store's timer.
const store = new MemoryWindowStore(database, now, (error) => console.error(error.message), 3600_000);
const limits: Limits = { requestsPerMinute: 100_000_000, createsPerMinute: 10, freeToolsPerHour: 30, freeToolsPerDay: 100, concurrentRenders: 3, concurrentStreams: 20 };
const run = `bench-${process.pid}-${t}`;
const subjects = Array.from({ length: SUBJECTS }, (_, i) => `acct:${run}-${i}`);
const admitAll = async () => {
  for (const subject of subjects) {
    await store.update(subject, now(), (windows) => {
      const [state, admission] = admitRequest(initialState(limits, windows), "read", t);
      return [windowsOf(state), admission];
    });
  }
};
const batch = async () => {
  await admitAll();
  if (!(await store.flush())) throw new Error("the batch could not be written");
};

try {
  // A minute of runs: one batch a second.
  for (let i = 0; i < 60; i++) {
    t += 1000;
    await batch();
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < BATCHES; i++) {
    t += 200;
    await batch();
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `${url ? "Postgres" : "PGlite"}, ${SUBJECTS} subjects, ${BATCHES} batches, load ${loadavg()[0]!.toFixed(1)}: ` +
      `cpu ${((used.user + used.system) / BATCHES).toFixed(0)} us/batch  wall ${(((performance.now() - started) * 1000) / BATCHES).toFixed(0)} us/batch`,
  );
} finally {
  await store.close();
  if (url) await database.executeSql("delete from rate_windows where subject like $1", [`acct:${run}-%`]);
  if (url) await database.executeSql("delete from rate_window_runs where subject like $1", [`acct:${run}-%`]);
  await database.close();
}
