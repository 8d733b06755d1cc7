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
 * service figure is also given as a share of the floor's. Both reference servers run beside each service
 * and answer that service's own bodies (the same bytes), and each route is loaded on the three servers in
 * turn, twice (bare, floor, service, then the reverse): a drift in the machine's speed during the run
 * falls on all three alike instead of on the ratio.
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
import { newId } from "../src/kernel/ids.ts";

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

/** A reference server (bare or floor) run beside the service, answering the service's own bodies. */
async function startReference(script: string, bodyFiles: string[]): Promise<{ server: Server; child: ReturnType<typeof Bun.spawn> }> {
  const port = freePort();
  const child = Bun.spawn([process.execPath, join(ROOT, script), String(port), ...bodyFiles], { stdout: "ignore", stderr: "inherit" });
  try {
    await waitHealthy(port, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { server: { port, pid: child.pid }, child };
}

/** Two loads' figures as one: rates and medians averaged, CPU per request over both, the worse p99. */
function combine(a: LoadResult, b: LoadResult): LoadResult {
  const requests = a.requests + b.requests;
  return {
    rps: (a.rps + b.rps) / 2,
    cpuUs: (a.cpuUs * a.requests + b.cpuUs * b.requests) / requests,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    requests,
    non2xx: a.non2xx + b.non2xx,
  };
}

/**
 * Each server loaded in turn over its targets, in two rounds (first to last, then last to first), so a
 * drift in what the machine gives the bench falls on every server alike; each server's two loads combined.
 */
async function inTurn(runs: { server: Server; targets: Target[] }[]): Promise<LoadResult[]> {
  const first: LoadResult[] = [];
  for (const run of runs) first.push(await load(run.server, run.targets));
  const second: LoadResult[] = [];
  for (const run of [...runs].reverse()) second.unshift(await load(run.server, run.targets));
  return first.map((result, i) => combine(result, second[i]!));
}

const bareTargets = (path: (i: number) => string, key = (i: number) => `svk_live_bare${i}`) => Array.from({ length: ACCOUNTS }, (_, i) => ({ path: path(i), key: key(i) }));

async function benchService(kind: "pglite" | "postgres", adminUrl = ""): Promise<void> {
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
  const children: ReturnType<typeof Bun.spawn>[] = [];
  try {
    const database = url ? openPostgres(url, { max: 2 }) : await openPglite(dataDir);
    const accounts = await seed(database);
    await database.close();
    const port = freePort();
    const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`, `--cpu-prof-name=service-${kind}.cpuprofile`] : [];
    const child = Bun.spawn([process.execPath, ...profile, join(ROOT, "src/main.ts")], {
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
    children.push(child);
    await waitHealthy(port, child);
    const service = { port, pid: child.pid };
    const videos = accounts.keys.map((key, i) => ({ path: `/v1/videos/${accounts.videoIds[i]}`, key }));
    const me = accounts.keys.map((key) => ({ path: "/v1/me", key }));
    // The reference servers answer the service's own bodies: the same bytes on every server.
    const bodyFiles: string[] = [];
    for (const [name, target] of [["me", me[0]!], ["video", videos[0]!]] as const) {
      const answer = await fetch(`http://127.0.0.1:${port}${target.path}`, { headers: { authorization: `Bearer ${target.key}` } });
      if (answer.status !== 200) throw new Error(`GET ${target.path} answered ${answer.status}: ${await answer.text()}`);
      const file = join(dataDir, `${name}.json`);
      writeFileSync(file, await answer.text());
      bodyFiles.push(file);
    }
    const bare = await startReference("bench/bare-elysia.ts", bodyFiles);
    children.push(bare.child);
    const floor = await startReference("bench/floor-elysia.ts", bodyFiles);
    children.push(floor.child);
    const bareMe = bareTargets(() => "/v1/me");
    const bareVideos = bareTargets((i) => `/v1/videos/vid_${i}`);
    console.log(`${kind}: every server answers the service's bodies (GET /v1/me ${readFileSync(bodyFiles[0]!).length} B, GET /v1/videos/{id} ${readFileSync(bodyFiles[1]!).length} B)`);
    for (const [route, own, reference] of [["GET /v1/videos/{id}", videos, bareVideos], ["GET /v1/me", me, bareMe]] as const) {
      // Each route warmed just before it is measured: the first read of an account's video or usage is a
      // query (3 ms on PGlite), and 40 of them at once are a p99 of the warm-up, not of the steady state.
      for (const [server, targets] of [[bare.server, reference], [floor.server, reference], [service, own]] as const) await load(server, targets, 2);
      const [b, f, s] = await inTurn([
        { server: bare.server, targets: reference },
        { server: floor.server, targets: reference },
        { server: service, targets: own },
      ]);
      report(`${kind}: bare Elysia  ${route}`, b!);
      report(`${kind}: floor  ${route}`, f!, b);
      report(`${kind}: service  ${route}, 40 accounts`, s!, b, f);
    }

    const overLimit = [{ path: "/v1/me", key: accounts.overLimitKey }];
    const [bareRate, floorRefused, refused] = await inTurn([
      { server: bare.server, targets: bareMe },
      { server: floor.server, targets: [{ path: "/v1/me", key: "svk_live_bareover" }] },
      { server: service, targets: overLimit },
    ]);
    report(`${kind}: bare Elysia  GET /v1/me (for the 429s)`, bareRate!);
    report(`${kind}: floor  one account over its limit (429s)`, floorRefused!, bareRate);
    report(`${kind}: service  one account over its limit (429s)`, refused!, bareRate, floorRefused);

    // The same polite client alone and beside a hammering one, on the bare server and on the service: how
    // much of the slowdown any server saturated by the hammer's connections shows, with no limiter or database.
    const bareProbe = await probeBesideHammer(bare.server, bareMe, bareMe);
    report(`${kind}: bare Elysia  a probe's GET /v1/me, alone`, bareProbe.alone);
    report(`${kind}: bare Elysia  a probe's GET /v1/me, while one client hammers`, bareProbe.beside);
    const { alone, beside: others, hammer } = await probeBesideHammer(service, overLimit, me);
    report(`${kind}: service  others' GET /v1/me, probe alone`, alone);
    report(`${kind}: service  others' GET /v1/me, while one is hammered`, others);
    report(`${kind}: service  (the 429s meanwhile)`, hammer, bareProbe.hammer);
    console.log(
      `${kind}: a probe's p50 while hammered / alone: bare Elysia ${(bareProbe.beside.p50 / bareProbe.alone.p50).toFixed(1)}x, service ${(others.p50 / alone.p50).toFixed(1)}x\n`,
    );
  } finally {
    for (const child of children.reverse()) await stop(child);
    if (admin) {
      await admin.executeSql(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.close();
    }
  }
}

try {
  ensureWrk();
  console.log(`${SECONDS} s per run, ${CONNECTIONS} connections, wrk -t1; loopback only\n`);
  await benchService("pglite");
  if (process.env.BENCH_SKIP_POSTGRES !== "1") await benchService("postgres", process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
} finally {
  rmSync(work, { recursive: true, force: true });
}
