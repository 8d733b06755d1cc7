import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { type Database, migrateDatabase, openPostgres, wrapPglite } from "../../db/client.ts";
import { startJobQueue } from "../../src/queue/job-queue.ts";

/** Migrations plus the job queue's schema and queues, so each test database starts ready. */
async function prepareTemplate(db: Database, url: string | null): Promise<void> {
  await migrateDatabase(db);
  const queue = await startJobQueue(db, { databaseUrl: url, supervise: false, onError: () => {} });
  await queue.stop();
}

export type DatabaseKind = "pglite" | "postgres";

/** PGlite always; real Postgres too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

type RunSql = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * What a fresh test database holds: the tables the template leaves empty, and the row count of the
 * others (migrations, the queue's own rows). A used database is handed to the next test once those
 * tables are emptied and the others still count the same: the same state as a new copy of the template,
 * for a few milliseconds instead of a copy (a PGlite clone takes one to several seconds, most of a short
 * test; a Postgres copy from a template about half a second).
 */
interface TemplateShape {
  empty: string[];
  counts: Map<string, number>;
}

async function templateShape(run: RunSql): Promise<TemplateShape> {
  const { rows } = await run(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const shape: TemplateShape = { empty: [], counts: new Map() };
  for (const { name } of rows as { name: string }[]) {
    const [{ n }] = (await run(`select count(*)::int as n from ${name}`)).rows as [{ n: number }];
    if (n === 0) shape.empty.push(name);
    else shape.counts.set(name, n);
  }
  return shape;
}

/** Empties what a test wrote and checks the rest is as the template left it; false when the database should not be used again. */
async function resetToTemplate(run: RunSql, shape: TemplateShape): Promise<boolean> {
  // Settings a test changed on the session go too (PGlite has one session for every test that reuses it).
  await run(`reset all; truncate ${shape.empty.join(", ")} restart identity cascade`);
  for (const [name, count] of shape.counts) {
    const [{ n }] = (await run(`select count(*)::int as n from ${name}`)).rows as [{ n: number }];
    if (n !== count) return false;
  }
  return true;
}

/** A reset that does not finish soon (a transaction left open, say) means the database is not reused. */
const RESET_WITHIN_MS = 10_000;

function withinReset(reset: Promise<boolean>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), RESET_WITHIN_MS)));
  return Promise.race([reset.catch(() => false), late]).finally(() => clearTimeout(timer));
}

let pgliteTemplate: Promise<{ client: PGlite; shape: TemplateShape }> | undefined;
let postgresTemplate: Promise<{ name: string; shape: TemplateShape }> | undefined;
/** Databases given back by tests, reset and ready for the next. */
const idlePglite: PGlite[] = [];
const idlePostgres: string[] = [];

function pgliteTemplateDb() {
  pgliteTemplate ??= (async () => {
    const client = new PGlite();
    await client.waitReady;
    const db = wrapPglite(client);
    await prepareTemplate(db, null);
    return { client, shape: await templateShape((text) => db.executeSql(text)) };
  })();
  return pgliteTemplate;
}

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL!;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Test databases are named for the process that made them (`tpl_<pid>_…`, `t_<pid>_…`). */
const OWNED = /^tp?l?_(\d+)_/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Drops the test databases of test processes that ended without dropping theirs (killed, or exited early). */
async function dropOrphans(admin: postgres.Sql): Promise<void> {
  const names = (await admin<{ datname: string }[]>`select datname from pg_database where datname ~ '^(tpl|t)_[0-9]+_'`).map((r) => r.datname);
  for (const name of names) {
    const pid = Number(OWNED.exec(name)?.[1]);
    if (pid && pid !== process.pid && !processAlive(pid)) await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
  }
}

/** A migrated database named for this process, used as the template of every test database. */
function postgresTemplateDb() {
  postgresTemplate ??= (async () => {
    const name = `tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    await dropOrphans(admin);
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = withDatabase(adminUrl(), name);
    const db = openPostgres(url, { max: 1 });
    await prepareTemplate(db, url);
    const shape = await templateShape((text) => db.executeSql(text));
    await db.close();
    process.once("beforeExit", () => void Promise.all([name, ...idlePostgres.splice(0)].map(dropDatabase)));
    return { name, shape };
  })();
  return postgresTemplate;
}

async function dropDatabase(name: string): Promise<void> {
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A Postgres test database back from its test: kept for the next one when nothing else is still connected to it. */
async function releasePostgres(name: string, shape: TemplateShape): Promise<void> {
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  let reusable = false;
  try {
    // A service process or a second pool of the test may still hold connections: such a database is
    // dropped. The server ends a closed connection's backend a moment after the client has gone.
    let connected = 1;
    for (let tries = 0; connected > 0 && tries < 10; tries++) {
      if (tries > 0) await Bun.sleep(50);
      const [row] = await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = ${name}`;
      connected = row!.n;
    }
    if (connected === 0) {
      const client = postgres(withDatabase(adminUrl(), name), { max: 1, onnotice: () => {} });
      reusable = await withinReset(resetToTemplate((text) => client.unsafe(text).then((rows) => ({ rows: [...rows] })), shape));
      await client.end({ timeout: 5 });
    }
    if (!reusable) await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
  if (reusable) idlePostgres.push(name);
}

let counter = 0;

/** A fresh, migrated database of the given kind (a new copy of the template, or a used one reset to it); close() gives it back. */
export async function freshDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === "pglite") {
    const template = await pgliteTemplateDb();
    const client = idlePglite.pop() ?? ((await template.client.clone()) as PGlite);
    const db = wrapPglite(client);
    let released = false;
    return {
      ...db,
      async close() {
        if (released) return;
        released = true;
        const run: RunSql = (text) => db.executeSql(text);
        if (await withinReset(resetToTemplate(run, template.shape))) idlePglite.push(client);
        else void client.close().catch(() => {});
      },
    };
  }
  const template = await postgresTemplateDb();
  let name = idlePostgres.pop();
  if (!name) {
    name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${template.name}`);
    await admin.end();
  }
  const url = withDatabase(adminUrl(), name);
  const db = openPostgres(url, { max: 5 });
  let released = false;
  return {
    ...db,
    url,
    async close() {
      if (released) return;
      released = true;
      await db.close();
      await releasePostgres(name, template.shape);
    },
  };
}
