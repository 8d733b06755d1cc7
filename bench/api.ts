/**
 * API throughput: in one run, on loopback only, a bare Elysia server (bench/bare-elysia.ts) and the
 * service (src/main.ts, a child process) on PGlite and on a fresh Postgres database, driven by the same
 * load generator (Debian's wrk, installed with apt-get when missing). Prints requests/s, p50 and p99 and
 * the ratio to the bare server for:
 *   - GET /v1/videos/{id} and GET /v1/me across 40 accounts (their limits raised, so they answer 200);
 *   - one account over its limit (60 a minute) hammered at the same connections: the rate of its 429s;
 *   - other accounts' latency (a light probe of 2 connections) alone, and while that account is hammered;
 *     the same probe on the bare server, alone and beside the same hammering load, for comparison.
 * Under PGlite every query runs on the server's one thread, so a request's queries delay all others.
 * The floor server (bench/floor-elysia.ts) runs in the same run: the bare routes plus the work the API's
 * contract asks of every authenticated read (key hash and lookup, the rate decision, the headers). Each
 * service figure is also given as a share of the floor's.
 * Run: bun bench/api.ts [--seconds 8] [--connections 32]
 * BENCH_DATABASE_URL names the Postgres server (default postgres://postgres@127.0.0.1:5432/test); a
 * database is created there for the run and dropped after. BENCH_SKIP_POSTGRES=1 runs PGlite only.
 * Each load also reads the server process's CPU time (/proc/<pid>/stat) and prints CPU microseconds per
 * request and the ratio of requests per CPU second to the bare server's: on a machine other work keeps
 * busy, wall-clock rates say more about the neighbours than the servers, CPU per request does not.
 * BENCH_PROFILE_DIR=<dir> runs each service under Bun's CPU profiler (--cpu-prof, with its markdown
 * summary) and leaves the profiles there: where a request's time goes, by function.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Database, migrateDatabase, openPglite, openPostgres } from "../db/client.ts";
import { insertVideo } from "../db/repos/videos.ts";
import { runAdminCommand } from "../src/admin/commands.ts";
import { newId } from "../src/ids.ts";

const { values: options } = parseArgs({ options: { seconds: { type: "string", default: "8" }, connections: { type: "string", default: "32" } } });
const SECONDS = Math.min(30, Math.max(2, Number(options.seconds)));
const CONNECTIONS = Math.min(256, Math.max(1, Number(options.connections)));
const ACCOUNTS = 40;
const ROOT = join(import.meta.dir, "..");
const work = mkdtempSync(join(tmpdir(), "bench-api-"));

interface Target {
  path: string;
  key?: string;
}
interface Server {
  port: number;
  pid: number;
}
interface LoadResult {
  rps: number;
  /** The server's CPU time per request answered (user + system, all its threads). */
  cpuUs: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
}

/** Debian's wrk: a C load generator, so the bench measures the servers rather than the generator. */
function ensureWrk(): void {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  console.log("installing wrk (apt-get install wrk)...");
  const install = () => spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "wrk"], { stdio: "inherit" }).status === 0;
  if (!install() && !(spawnSync("apt-get", ["update"], { stdio: "inherit" }).status === 0 && install())) {
    throw new Error("wrk is needed: apt-get install wrk failed");
  }
}

const milliseconds = (value: string, unit: string) => Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : unit === "m" ? 60_000 : 1);

const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim() || 100);

/** CPU seconds the process has used (utime + stime of all its threads). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Runs wrk over `targets` in rotation (one request each in turn) and reads its summary. */
async function load(server: Server, targets: Target[], seconds = SECONDS, connections = CONNECTIONS): Promise<LoadResult> {
  const port = server.port;
  const script = join(work, `targets-${crypto.randomUUID()}.lua`);
  const rows = targets.map((t) => `{${JSON.stringify(t.path)}, ${JSON.stringify(t.key ? `Bearer ${t.key}` : "")}}`).join(",\n");
  writeFileSync(
    script,
    `local targets = {${rows}}
local requests = {}
local i = 0
init = function(args)
  for n, t in ipairs(targets) do
    if t[2] == "" then requests[n] = wrk.format("GET", t[1]) else requests[n] = wrk.format("GET", t[1], { ["Authorization"] = t[2] }) end
  end
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
`,
  );
  const cpuBefore = cpuSeconds(server.pid);
  const proc = Bun.spawn(["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", script, `http://127.0.0.1:${port}`], { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const percentile = (p: string) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(out);
    return match ? milliseconds(match[1]!, match[2]!) : Number.NaN;
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  if (!Number.isFinite(rps)) throw new Error(`wrk gave no summary:\n${out}\n${await new Response(proc.stderr).text()}`);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return {
    rps,
    cpuUs: requests > 0 ? (cpu * 1e6) / requests : Number.NaN,
    p50: percentile("50"),
    p99: percentile("99"),
    requests,
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
  };
}

/** A light client (a few requests at a time, in turn over `targets`): the latency one polite caller sees. */
async function probe({ port }: Server, targets: Target[], seconds: number, concurrency = 2): Promise<{ p50: number; p99: number; count: number; non2xx: number }> {
  const latencies: number[] = [];
  let non2xx = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const target = targets[next++ % targets.length]!;
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}${target.path}`, { headers: target.key ? { authorization: `Bearer ${target.key}` } : {} });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status >= 300) non2xx++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), count: latencies.length, non2xx };
}

/** The probe over `probed` alone, then again while wrk hammers `hammered`: what one polite caller sees. */
async function probeBesideHammer(server: Server, hammered: Target[], probed: Target[]) {
  const alone = await probe(server, probed, SECONDS);
  const [hammer, beside] = await Promise.all([load(server, hammered), probe(server, probed, SECONDS)]);
  return { alone, beside, hammer };
}

function freePort(): number {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

async function waitHealthy(port: number, child: ReturnType<typeof Bun.spawn>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/v1/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await Bun.sleep(250);
  }
  throw new Error(`server on ${port} did not answer /v1/health`);
}

async function stop(child: ReturnType<typeof Bun.spawn>): Promise<void> {
  child.kill("SIGTERM");
  const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(20_000).then(() => false)]);
  if (!exited) child.kill("SIGKILL");
}

interface Accounts {
  keys: string[];
  videoIds: string[];
  /** An account at the spec's limits, to be hammered past them. */
  overLimitKey: string;
}

/** 40 accounts with raised request limits and a video each, and one account at the default limits. */
async function seed(database: Database): Promise<Accounts> {
  await migrateDatabase(database);
  const ctx = { db: database.db, now: () => new Date() };
  const admin = async (command: string, args: Record<string, string>) => {
    const result = await runAdminCommand(ctx, command, args);
    if (!result.ok) throw new Error(`${command}: ${result.error}`);
    return result.value as { accountId: string; apiKey: string };
  };
  const accounts: Accounts = { keys: [], videoIds: [], overLimitKey: (await admin("create-account", { email: "over-limit@bench.example" })).apiKey };
  for (let i = 0; i < ACCOUNTS; i++) {
    const { accountId, apiKey } = await admin("create-account", { email: `bench-${i}@bench.example` });
    await admin("set-limits", { account: accountId, "requests-per-minute": "100000000" });
    const now = new Date();
    const video = await insertVideo(database.db, {
      id: newId("vid", now.getTime()),
      accountId,
      template: "reddit_story",
      status: "queued",
      stage: "Queued",
      progress: null,
      projectId: null,
      inputs: { title: "A bench video", story: "Nothing happens here; only the record is read." },
      webhookUrl: null,
      notices: [],
      estimatedSeconds: 30,
      expectedCharges: null,
      createdAt: now,
      updatedAt: now,
    });
    accounts.keys.push(apiKey);
    accounts.videoIds.push(video.id);
  }
  return accounts;
}

const report = (label: string, result: { rps?: number; cpuUs?: number; p50: number; p99: number; non2xx: number }, bare?: LoadResult, floor?: LoadResult) => {
  const ratio = (bare && result.rps !== undefined ? `  ratio ${(result.rps / bare.rps).toFixed(2)}` : "") + (floor && result.rps !== undefined ? `  of the floor ${(result.rps / floor.rps).toFixed(2)}` : "");
  const cpu = result.cpuUs === undefined ? "" : `  cpu ${result.cpuUs.toFixed(0).padStart(4)} us/req${bare ? ` (per-CPU ratio ${(bare.cpuUs / result.cpuUs).toFixed(2)})` : ""}`;
  console.log(`${label.padEnd(58)} ${result.rps === undefined ? "".padStart(9) : result.rps.toFixed(0).padStart(7) + "/s"}  p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99.toFixed(2).padStart(7)} ms  non-2xx ${result.non2xx}${cpu}${ratio}`);
};

interface Reference {
  me: LoadResult;
  video: LoadResult;
  /** The floor only: one account over its limit, answered 429. */
  refused?: LoadResult;
}

/** Starts a reference server script (bare or floor), loads both routes across 40 keys, then runs `more` on it. */
async function benchReference(script: string, label: string, bare: Reference | undefined, more: (server: Server, me: Target[]) => Promise<Partial<Reference>>): Promise<Reference> {
  const port = freePort();
  const child = Bun.spawn([process.execPath, join(ROOT, script), String(port)], { stdout: "ignore", stderr: "inherit" });
  try {
    await waitHealthy(port, child);
    const server = { port, pid: child.pid };
    const me = Array.from({ length: ACCOUNTS }, (_, i) => ({ path: "/v1/me", key: `svk_live_bare${i}` }));
    const videos = Array.from({ length: ACCOUNTS }, (_, i) => ({ path: `/v1/videos/vid_${i}`, key: `svk_live_bare${i}` }));
    await load(server, me, 2);
    const video = await load(server, videos);
    report(`${label}  GET /v1/videos/{id}`, video, bare?.video);
    const meResult = await load(server, me);
    report(`${label}  GET /v1/me`, meResult, bare?.me);
    return { me: meResult, video, ...(await more(server, me)) };
  } finally {
    await stop(child);
  }
}

function benchBare(): Promise<Reference> {
  return benchReference("bench/bare-elysia.ts", "bare Elysia", undefined, async (server, me) => {
    // The same polite client alone and beside a hammering one: how much of the service's slowdown any
    // server saturated by the hammer's connections shows, with no limiter or database in the way.
    const { alone, beside } = await probeBesideHammer(server, me, me);
    report("bare Elysia  a probe's GET /v1/me, alone", alone);
    report("bare Elysia  a probe's GET /v1/me, while one client hammers", beside);
    console.log(`bare Elysia  the probe's p50 while hammered / alone: ${(beside.p50 / alone.p50).toFixed(1)}x`);
    return {};
  });
}

/**
 * The floor server (bench/floor-elysia.ts): the bare routes plus the work no implementation of the API can
 * leave out. Its ratio to the bare server bounds the service's; the service's ratio to it is its own plumbing.
 */
function benchFloor(bare: Reference): Promise<Reference> {
  return benchReference("bench/floor-elysia.ts", "floor", bare, async (server) => {
    const refused = await load(server, [{ path: "/v1/me", key: "svk_live_bareover" }]);
    report("floor  one account over its limit (429s)", refused, bare.me);
    return { refused };
  });
}

async function benchService(kind: "pglite" | "postgres", bare: Reference, floor: Reference, adminUrl = ""): Promise<void> {
  const dataDir = mkdtempSync(join(work, `${kind}-`));
  const dbName = `bench_api_${Date.now().toString(36)}`;
  let url: string | undefined;
  let admin: Database | undefined;
  if (kind === "postgres") {
    admin = openPostgres(adminUrl, { max: 1 });
    await admin.executeSql(`create database ${dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  let child: ReturnType<typeof Bun.spawn> | undefined;
  try {
    const database = url ? openPostgres(url, { max: 2 }) : await openPglite(dataDir);
    const accounts = await seed(database);
    await database.close();
    const port = freePort();
    const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`, `--cpu-prof-name=service-${kind}.cpuprofile`] : [];
    child = Bun.spawn([process.execPath, ...profile, join(ROOT, "src/main.ts")], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        MEDIA_CACHE_DIR: join(dataDir, "media-cache"),
        DATABASE_URL: url ?? "",
        // Postgres: an API process only. PGlite has one process, so its workers idle beside it (no job is queued).
        ROLE: url ? "serve" : "all",
        LOG_LEVEL: "error",
      },
      stdout: "ignore",
      stderr: "inherit",
    });
    await waitHealthy(port, child);
    const server = { port, pid: child.pid };
    const videos = accounts.keys.map((key, i) => ({ path: `/v1/videos/${accounts.videoIds[i]}`, key }));
    const me = accounts.keys.map((key) => ({ path: "/v1/me", key }));
    const check = await fetch(`http://127.0.0.1:${port}${videos[0]!.path}`, { headers: { authorization: `Bearer ${videos[0]!.key}` } });
    if (check.status !== 200) throw new Error(`GET ${videos[0]!.path} answered ${check.status}: ${await check.text()}`);
    // Both routes are warmed: the first read of each account's usage is a query (3 ms on PGlite), and 40
    // of them at the start of a run are a p99 of the warm-up, not of the steady state measured.
    await load(server, videos, 2);
    await load(server, me, 2);
    report(`service/${kind}  GET /v1/videos/{id}, 40 accounts`, await load(server, videos), bare.video, floor.video);
    report(`service/${kind}  GET /v1/me, 40 accounts`, await load(server, me), bare.me, floor.me);
    const overLimit = [{ path: "/v1/me", key: accounts.overLimitKey }];
    report(`service/${kind}  one account over its limit (429s)`, await load(server, overLimit), bare.me, floor.refused);
    const { alone, beside: others, hammer } = await probeBesideHammer(server, overLimit, me);
    report(`service/${kind}  others' GET /v1/me, probe alone`, alone);
    report(`service/${kind}  others' GET /v1/me, while one is hammered`, others);
    console.log(`service/${kind}  others' p50 while one is hammered / alone: ${(others.p50 / alone.p50).toFixed(1)}x`);
    report(`service/${kind}  (the 429s meanwhile)`, hammer, bare.me);
  } finally {
    if (child) await stop(child);
    if (admin) {
      await admin.executeSql(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.close();
    }
  }
}

try {
  ensureWrk();
  console.log(`${SECONDS} s per run, ${CONNECTIONS} connections, wrk -t1; loopback only\n`);
  const bare = await benchBare();
  const floor = await benchFloor(bare);
  await benchService("pglite", bare, floor);
  if (process.env.BENCH_SKIP_POSTGRES !== "1") await benchService("postgres", bare, floor, process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
} finally {
  rmSync(work, { recursive: true, force: true });
}
