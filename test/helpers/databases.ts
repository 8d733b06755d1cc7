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

let pgliteTemplate: Promise<PGlite> | undefined;
let postgresTemplate: Promise<string> | undefined;

function pgliteTemplateDb(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = new PGlite();
    await client.waitReady;
    await prepareTemplate(wrapPglite(client), null);
    return client;
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

/** A migrated database named for this process, used as the template of every test database. */
function postgresTemplateDb(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = withDatabase(adminUrl(), name);
    const db = openPostgres(url, { max: 1 });
    await prepareTemplate(db, url);
    await db.close();
    process.once("beforeExit", () => void dropDatabase(name));
    return name;
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

let counter = 0;

/** A fresh, migrated database of the given kind; close() removes it. */
export async function freshDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === "pglite") {
    const template = await pgliteTemplateDb();
    return wrapPglite(await template.clone());
  }
  const template = await postgresTemplateDb();
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${template}`);
  await admin.end();
  const url = withDatabase(adminUrl(), name);
  const db = openPostgres(url, { max: 5 });
  return {
    ...db,
    url,
    async close() {
      await db.close();
      await dropDatabase(name);
    },
  };
}
