/**
 * Videos end to end, as a client sees them: starts the service (src/main.ts, a real process on a fresh
 * DATA_DIR; PGlite, or a fresh database on Postgres with --postgres), creates an account through the admin
 * command and raises its request limit so it can poll twice a second, then makes one video at a time:
 * a ~60 s reddit_story, an article_video, a 5-question quiz_video, a short fake_text_message and an
 * 80-message chat (the spec's most). For each it prints createdAt -> completedAt (the service's own
 * timestamps), the time spent in each stage (the video's `stage` as polled every POLL_MS), the video's
 * duration (ffprobe of the download) and the ratio of the two; the target is a ratio of at most 0.6. It
 * also prints the processor time the service used meanwhile (its ffmpeg runs included), which other
 * work on the machine does not change: that time over the cores is the least the ratio can be.
 * Run: bun bench/e2e.ts [--postgres] [--only reddit_story,chat_80] [--library <dir>] [--segments K] [--workers 1,2,4]
 * --segments K makes the videos twice in one sitting, each on a service of its own: whole
 * (RENDER_SEGMENTS=1), then in K segments rendered at once (RENDER_SEGMENTS=K), and prints each segmented
 * render's segments' and join's seconds (from the service's log) and the two sittings side by side.
 * --workers 1,2,4 makes the videos once per count, each time on Postgres with a serving process and that
 * many worker processes (ROLE=worker, one DATA_DIR); with more than one, the workers share each video's
 * segments (SEGMENT_JOBS=1, RENDER_SEGMENTS=count: the video's worker renders the first window, idle
 * workers take the others), and the counts are printed side by side. Meant for a host with two cores a
 * worker; on fewer, the workers share the cores and the figures say what sharing costs.
 * BENCH_DATABASE_URL names the Postgres server (default postgres://postgres@127.0.0.1:5432/test).
 * --library copies a folder laid out as the operator's library (backgrounds/<category>/*.mp4) into the
 * service's DATA_DIR, for footage other than the generated loops of this version (while set-up is still
 * generating them, say).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openPostgres } from "../db/client.ts";
import { probe } from "../render/ffmpeg.ts";
import { articleVideo } from "../src/templates/article-video/index.ts";
import { redditStory } from "../src/templates/reddit-story/index.ts";

const { values: options } = parseArgs({ options: { postgres: { type: "boolean", default: false }, only: { type: "string" }, library: { type: "string" }, segments: { type: "string" }, workers: { type: "string" } } });
const workerCounts = options.workers?.split(",").map(Number);
if (workerCounts && !workerCounts.every((n) => Number.isInteger(n) && n >= 1)) throw new Error("--workers takes whole numbers of worker processes, at least 1 each: --workers 1,2,4");
// Several processes share a database only on Postgres.
if (workerCounts) options.postgres = true;
const segmentsWanted = options.segments === undefined ? undefined : Number(options.segments);
if (segmentsWanted !== undefined && !(Number.isInteger(segmentsWanted) && segmentsWanted >= 2)) throw new Error("--segments takes a whole number of segments, at least 2");
const ROOT = join(import.meta.dir, "..");
const POLL_MS = 500;
const VIDEO_TIMEOUT_MS = 15 * 60_000;
const work = mkdtempSync(join(tmpdir(), "bench-e2e-"));

const CHAT_LINES = [
  "Are you still coming to the lake on Saturday?",
  "Yes, but I might be a little late, the car is making that noise again.",
  "The grinding one or the whistling one?",
  "Both now, which feels like a bad sign.",
  "Take my bike, it only squeaks a little.",
  "Your bike has one pedal and no brakes.",
  "It has character. And a bell.",
  "I will ask my brother for a ride instead.",
  "Tell him to bring the big cooler this time.",
  "He says the cooler is full of fishing bait.",
];

/** The videos made, in order; `inputs` are what a client would send. */
const VIDEOS: { name: string; template: string; inputs: Record<string, unknown> }[] = [
  { name: "reddit_story", template: "reddit_story", inputs: redditStory.examples.minimal as Record<string, unknown> },
  { name: "article_video", template: "article_video", inputs: articleVideo.examples.full as Record<string, unknown> },
  { name: "quiz_video_5", template: "quiz_video", inputs: { topic: "Capital cities of Europe", questionCount: 5 } },
  {
    name: "chat_short",
    template: "fake_text_message",
    inputs: { contact: { name: "Sam" }, messages: CHAT_LINES.map((text, i) => ({ sender: i % 2 ? "me" : "them", text })) },
  },
  {
    name: "chat_80",
    template: "fake_text_message",
    inputs: { contact: { name: "Sam" }, messages: Array.from({ length: 80 }, (_, i) => ({ sender: i % 2 ? "me" : "them", text: `${CHAT_LINES[i % CHAT_LINES.length]!}${i >= 10 ? ` (${i})` : ""}` })) },
  },
];

function freePort(): number {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

async function waitHealthy(base: string, child: ReturnType<typeof Bun.spawn>): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    if (await fetch(`${base}/v1/health`).then((r) => r.ok, () => false)) return;
    await Bun.sleep(250);
  }
  throw new Error("the service did not answer /v1/health");
}

/** The admin command, through the running service's admin socket (as an operator runs it). */
function admin(env: Record<string, string>, ...args: string[]): Record<string, any> {
  const result = Bun.spawnSync([process.execPath, join(ROOT, "src/admin/cli.ts"), ...args, "--json"], { cwd: ROOT, env: { ...process.env, ...env } });
  if (result.exitCode !== 0) throw new Error(`admin ${args[0]} failed: ${result.stderr.toString()}${result.stdout.toString()}`);
  return JSON.parse(result.stdout.toString());
}

interface Measured {
  name: string;
  /** The video's id. */
  id: string;
  status: string;
  seconds: number;
  duration: number;
  stages: [string, number][];
  /** Processor seconds the service and the ffmpeg runs it waited for used meanwhile. */
  cpuSeconds: number;
  error?: string;
}

const TICKS_PER_SECOND = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim() || 100);

/**
 * Processor seconds a process has used, with those of the children it has waited for (its ffmpeg runs):
 * unlike wall time, other work on the machine does not change it.
 */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

/** Creates a video and polls it until it ends, within the account's limit: a 429 waits its Retry-After. */
async function make(base: string, key: string, video: (typeof VIDEOS)[number], pids: number[]): Promise<Measured> {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const cpuOfAll = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cpuBefore = cpuOfAll();
  let created: Response;
  for (;;) {
    created = await fetch(`${base}/v1/videos`, { method: "POST", headers, body: JSON.stringify({ template: video.template, inputs: video.inputs }) });
    if (created.status !== 429) break;
    await Bun.sleep(Number(created.headers.get("retry-after") ?? 1) * 1000);
  }
  const body = (await created.json()) as any;
  if (created.status !== 202) throw new Error(`${video.name}: create answered ${created.status}: ${JSON.stringify(body)}`);
  const stages: [string, number][] = [];
  const deadline = Date.now() + VIDEO_TIMEOUT_MS;
  let current: any = body;
  while (!["completed", "failed", "cancelled"].includes(current.status)) {
    if (Date.now() > deadline) throw new Error(`${video.name}: still ${current.status} after ${VIDEO_TIMEOUT_MS / 60_000} min`);
    await Bun.sleep(POLL_MS);
    const res = await fetch(`${base}/v1/videos/${body.id}`, { headers });
    if (res.status === 429) {
      await Bun.sleep(Number(res.headers.get("retry-after") ?? 1) * 1000);
      continue;
    }
    if (res.status !== 200) throw new Error(`${video.name}: GET answered ${res.status}: ${await res.text()}`);
    current = await res.json();
    if (stages.at(-1)?.[0] !== current.status) stages.push([current.status, Date.now()]);
  }
  const createdAt = Date.parse(current.createdAt);
  const completedAt = current.completedAt ? Date.parse(current.completedAt) : Date.now();
  // Each stage lasts from when it was first seen to when the next was (the last ends at completedAt).
  const spans: [string, number][] = stages
    .filter(([status]) => !["completed", "failed", "cancelled"].includes(status))
    .map(([status, at], i, all) => [status, ((all[i + 1]?.[1] ?? completedAt) - (i === 0 ? createdAt : at)) / 1000]);
  let duration = Number.NaN;
  if (current.status === "completed") {
    const file = join(work, `${video.name}.mp4`);
    writeFileSync(file, new Uint8Array(await (await fetch(current.downloadUrl)).arrayBuffer()));
    duration = Number((await probe(file)).format?.duration ?? Number.NaN);
  }
  const cpu = cpuOfAll() - cpuBefore;
  return { name: video.name, id: body.id, status: current.status, seconds: (completedAt - createdAt) / 1000, duration, stages: spans, cpuSeconds: cpu, error: current.error?.message };
}

const print = (m: Measured) => {
  const ratio = m.seconds / m.duration;
  const stages = m.stages.map(([s, t]) => `${s} ${t.toFixed(1)}`).join(", ");
  console.log(
    `${m.name.padEnd(14)} ${m.status.padEnd(9)} created->completed ${m.seconds.toFixed(1).padStart(6)} s  video ${m.duration.toFixed(1).padStart(6)} s  ratio ${ratio.toFixed(2)} ${ratio <= 0.6 ? "(<= 0.6)" : "(> 0.6)"}`,
  );
  console.log(`${"".padEnd(14)} stages (s, as polled every ${POLL_MS} ms): ${stages}${m.error ? `\n${"".padEnd(14)} error: ${m.error}` : ""}`);
  // On this many cores a video cannot finish in less than its processor time spread over all of them;
  // the share of the cores it got says how much the machine's other work took.
  const cores = availableParallelism();
  console.log(
    `${"".padEnd(14)} processor ${m.cpuSeconds.toFixed(1)} s: ${(m.cpuSeconds / m.duration).toFixed(2)} of the video's length, so at least ${(m.cpuSeconds / cores / m.duration).toFixed(2)} on ${cores} cores; it had ${((m.cpuSeconds / (m.seconds * cores)) * 100).toFixed(0)}% of them`,
  );
};

const only = options.only?.split(",");
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** What the service logged of one segmented render. */
interface SegmentLog {
  videoId: string;
  segmentSeconds: number[];
  joinSeconds: number;
  renderSeconds: number;
}

/**
 * One sitting: a service of its own (fresh DATA_DIR and database) makes the videos one at a time.
 * `renderSegments`: the service's RENDER_SEGMENTS, when set; its segmented renders' log lines are kept.
 */
async function sitting(renderSegments?: number, workers?: number): Promise<{ results: Measured[]; segmentLogs: SegmentLog[] }> {
  const dataDir = mkdtempSync(join(work, "data-"));
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  let dbName: string | undefined;
  let databaseUrl = "";
  if (options.postgres) {
    dbName = `bench_e2e_${Date.now().toString(36)}`;
    const server = openPostgres(adminUrl, { max: 1 });
    await server.executeSql(`create database ${dbName}`);
    await server.close();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  if (options.library) cpSync(options.library, join(dataDir, "library"), { recursive: true });
  const watchLog = renderSegments !== undefined;
  const common = { ...process.env, ...env, HOST: "127.0.0.1", PUBLIC_BASE_URL: base, LOG_LEVEL: watchLog ? "info" : "warn", ...(watchLog ? { RENDER_SEGMENTS: String(renderSegments) } : {}) };
  const spawn = (extra: Record<string, string>) => Bun.spawn([process.execPath, join(ROOT, "src/main.ts")], { cwd: ROOT, env: { ...common, ...extra }, stdout: "ignore", stderr: watchLog ? "pipe" : "inherit" });
  // One process doing everything, or a serving one and `workers` workers sharing the video's segments.
  const child = spawn({ PORT: String(port), ROLE: workers === undefined ? "all" : "serve" });
  const workerProcs = Array.from({ length: workers ?? 0 }, () => spawn({ ROLE: "worker", ...(workers! > 1 ? { SEGMENT_JOBS: "1" } : {}) }));
  const processes = [child, ...workerProcs];
  const segmentLogs: SegmentLog[] = [];
  // The logs are read as they come: segmented renders are kept, warnings and errors passed on.
  const reading = watchLog
    ? Promise.all(processes.map(async (proc) => {
        let rest = "";
        const decoder = new TextDecoder();
        for await (const chunk of proc.stderr as ReadableStream<Uint8Array>) {
          const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
          rest = lines.pop()!;
          for (const line of lines) {
            const entry = (() => {
              try {
                return JSON.parse(line) as Record<string, any>;
              } catch {
                return undefined;
              }
            })();
            if (entry?.msg === "video rendered in segments") segmentLogs.push(entry as unknown as SegmentLog);
            else if (entry?.msg === "shared window rendered") sharedWindows.push(entry.videoId);
            else if (!entry || entry.level === "warn" || entry.level === "error") process.stderr.write(line + "\n");
          }
        }
      }))
    : Promise.resolve();
  const sharedWindows: string[] = [];
  try {
    await waitHealthy(base, child);
    const health = (await (await fetch(`${base}/v1/health`)).json()) as any;
    const account = admin(env, "create-account", "--email", "e2e@bench.example", "--plan", "pro");
    admin(env, "set-limits", "--account", account.accountId, "--requests-per-minute", "600", "--creates-per-minute", "60");
    const how =
      workers !== undefined
        ? `, a serving process and ${workers} worker${workers > 1 ? `s sharing each video's ${renderSegments} segments (SEGMENT_JOBS=1)` : " rendering each video whole"}`
        : renderSegments === undefined
          ? ""
          : renderSegments === 1
            ? ", videos rendered whole (RENDER_SEGMENTS=1)"
            : `, videos rendered in ${renderSegments} segments at once (RENDER_SEGMENTS=${renderSegments})`;
    console.log(`${options.postgres ? "Postgres" : "PGlite"}, ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")} at start; encoder ${health.encoder?.name ?? "?"}, narrator ${health.narrator ?? "?"}${how}\n`);
    const results: Measured[] = [];
    for (const video of VIDEOS.filter((v) => !only || only.includes(v.name))) {
      const measured = await make(base, account.apiKey, video, processes.map((p) => p.pid));
      print(measured);
      const logged = segmentLogs.find((l) => l.videoId === measured.id);
      if (logged) {
        const shared = sharedWindows.filter((id) => id === measured.id).length;
        console.log(
          `${"".padEnd(14)} ${logged.segmentSeconds.length} segments: ${logged.segmentSeconds.map((x) => x.toFixed(1)).join(", ")} s${workers ? `, ${shared} rendered by other workers` : " at once"}; join ${logged.joinSeconds.toFixed(2)} s; render ${logged.renderSeconds.toFixed(1)} s in all`,
        );
      }
      results.push(measured);
    }
    console.log(`\nload ${loadavg().map((l) => l.toFixed(1)).join(" ")} at the end (the machine is shared: compare ratios within one run)`);
    return { results, segmentLogs };
  } finally {
    for (const proc of processes) proc.kill("SIGTERM");
    await Promise.race([Promise.all(processes.map((p) => p.exited)), Bun.sleep(20_000)]);
    for (const proc of processes) if (proc.exitCode === null) proc.kill("SIGKILL");
    await Promise.race([reading, Bun.sleep(1_000)]);
    if (dbName) {
      const server = openPostgres(adminUrl, { max: 1 });
      await server.executeSql(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await server.close();
    }
  }
}

try {
  if (workerCounts) {
    const sittings: { workers: number; results: Measured[] }[] = [];
    for (const workers of workerCounts) {
      // One worker renders whole; several share each video in as many segments as there are workers.
      sittings.push({ workers, results: (await sitting(workers, workers)).results });
      console.log("");
    }
    console.log(`Created -> completed (processor seconds) by worker processes, one sitting:`);
    for (const { name } of sittings[0]!.results) {
      const cells = sittings.map(({ workers, results }) => {
        const r = results.find((x) => x.name === name);
        return r ? `${workers} worker${workers > 1 ? "s" : ""} ${r.seconds.toFixed(1)} s (${r.cpuSeconds.toFixed(1)} cpu)` : "";
      });
      console.log(`${name.padEnd(14)} ${cells.join("  ")}`);
    }
    if (sittings.some(({ results }) => results.some((r) => r.status !== "completed"))) process.exitCode = 1;
  } else if (segmentsWanted === undefined) {
    const { results } = await sitting();
    if (results.some((r) => r.status !== "completed")) process.exitCode = 1;
  } else {
    const whole = await sitting(1);
    console.log("");
    const segmented = await sitting(segmentsWanted);
    console.log(`\nWhole against ${segmentsWanted} segments, one sitting (created -> completed, processor seconds):`);
    for (const w of whole.results) {
      const s = segmented.results.find((r) => r.name === w.name);
      if (!s) continue;
      console.log(`${w.name.padEnd(14)} whole ${w.seconds.toFixed(1)} s (${w.cpuSeconds.toFixed(1)} cpu)  segmented ${s.seconds.toFixed(1)} s (${s.cpuSeconds.toFixed(1)} cpu)  ${((s.seconds / w.seconds - 1) * 100).toFixed(0)}%`);
    }
    if ([...whole.results, ...segmented.results].some((r) => r.status !== "completed")) process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
