import { readFileSync, renameSync, rmSync } from "node:fs";

/**
 * The only module that spawns ffmpeg or ffprobe. Callers build argument arrays in pure planning code and
 * hand them here; this module runs them, reports progress and turns failures into errors with the tail of
 * ffmpeg's own message.
 */
export class FfmpegError extends Error {
  constructor(
    readonly tool: "ffmpeg" | "ffprobe",
    readonly exitCode: number,
    readonly stderrTail: string,
    /** All it wrote to stderr, for callers that tell one failure from another by it. */
    readonly stderr = stderrTail,
  ) {
    super(`${tool} exited with ${exitCode}: ${stderrTail}`);
  }
}

/** ffmpeg ran out of the memory it was allowed (memoryLimitBytes) and failed. */
export class FfmpegOutOfMemory extends Error {
  constructor(readonly limitBytes: number) {
    super(`ffmpeg needed more than ${Math.round(limitBytes / (1024 * 1024))} MB of memory, its limit`);
  }
}

export interface FfmpegRun {
  stdout: string;
  stderr: string;
  /** Peak resident memory of the ffmpeg process. */
  maxRssBytes: number;
}

/** ffmpeg was stopped because its caller gave up on the result. */
export class FfmpegAborted extends Error {
  constructor() {
    super("ffmpeg was stopped: its caller no longer needs the result");
  }
}

/** ffmpeg ran past its wall-time bound and was killed. */
export class FfmpegTimedOut extends Error {
  constructor(
    readonly timeoutMs: number,
    /** Which bound ran out: wall-clock time, or the processor time ffmpeg itself used. */
    readonly measure: "wall" | "processor" = "wall",
  ) {
    super(`ffmpeg was stopped after ${Math.round(timeoutMs / 1000)} s${measure === "processor" ? " of processor time" : ""}, its time limit`);
  }
}

export interface FfmpegOptions {
  /** Called with output seconds written so far (from `-progress pipe:1`). */
  onProgress?(seconds: number): void;
  /** Stops ffmpeg: SIGTERM, then SIGKILL after FFMPEG_KILL_GRACE_MS; the run then throws FfmpegAborted. */
  signal?: AbortSignal;
  /** Wall-time bound: past it ffmpeg is stopped like an abort and the run throws FfmpegTimedOut. */
  timeoutMs?: number;
  /**
   * Processor-time bound (user and system time of all its threads): past it ffmpeg is stopped like an
   * abort and the run throws FfmpegTimedOut with measure "processor". Unlike the wall bound it does not
   * run out while other work has the processor. Where /proc cannot be read only the wall bound applies.
   */
  cpuLimitMs?: number;
  /** Runs ffmpeg at a lower CPU priority (nice 10), so renders keep the processor when both want it. */
  background?: boolean;
  /**
   * Bound on the memory ffmpeg may allocate (its data segment and private mappings: RLIMIT_DATA, set by
   * util-linux's prlimit before it execs ffmpeg). An allocation past it fails and ffmpeg exits; the run
   * then throws FfmpegOutOfMemory. The kernel enforces it, so no allocation outruns a watcher.
   */
  memoryLimitBytes?: number;
}

/** How long ffmpeg gets to exit after SIGTERM (it usually takes milliseconds) before it is killed. */
export const FFMPEG_KILL_GRACE_MS = 2_000;

const BASE_ARGS = ["-hide_banner", "-nostdin", "-y"];

/** Linux reports process times in ticks of 1/100 s (USER_HZ) in /proc/<pid>/stat. */
const TICK_MS = 10;
const CPU_POLL_MS = 250;

/** Processor time a running process has used (user + system, every thread), or undefined once /proc cannot tell. */
function processorMs(pid: number): number | undefined {
  try {
    // Fields after the command name, which may itself hold spaces and parentheses: utime and stime are
    // the 14th and 15th of the line, the 12th and 13th after the name.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Aborts once `pid` has used `limitMs` of processor time; returns the signal and the function that stops watching. */
function processorBound(pid: number, limitMs: number | undefined): { signal?: AbortSignal; stop(): void } {
  if (limitMs === undefined) return { stop: () => {} };
  const controller = new AbortController();
  const timer = setInterval(() => {
    const used = processorMs(pid);
    if (used === undefined) clearInterval(timer);
    else if (used > limitMs) {
      clearInterval(timer);
      controller.abort();
    }
  }, CPU_POLL_MS);
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

/**
 * ffmpeg and ffprobe die with the thread that started them (parent-death signal, set by util-linux's
 * setpriv before it execs them). Without it, a render's ffmpeg outlives a kill -9 of the service and
 * keeps the processor busy while the restarted service redoes that render. Where setpriv is missing they
 * run as they are.
 */
const DIE_WITH_PARENT = Bun.which("setpriv") ? ["setpriv", "--pdeathsig", "KILL", "--"] : [];

const PRLIMIT = Bun.which("prlimit");

/**
 * The command prefix that bounds a tool's memory. util-linux ships prlimit with setpriv; where it is
 * missing the bound cannot be set, and the run keeps its time bounds only.
 */
function memoryBound(limitBytes: number | undefined): string[] {
  return limitBytes !== undefined && PRLIMIT ? [PRLIMIT, `--data=${Math.floor(limitBytes)}`, "--"] : [];
}

/** How ffmpeg, its libraries and x264 say an allocation failed. */
const OUT_OF_MEMORY = /Cannot allocate memory|malloc of size \d+ failed|out of memory/i;

/** Stops `proc` when `signal` aborts; returns the function that stops listening. */
function stopOnAbort(proc: { kill(signal?: NodeJS.Signals): void }, signal: AbortSignal | undefined): () => void {
  if (!signal) return () => {};
  let force: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    proc.kill("SIGTERM");
    force = setTimeout(() => proc.kill("SIGKILL"), FFMPEG_KILL_GRACE_MS);
  };
  if (signal.aborted) stop();
  else signal.addEventListener("abort", stop, { once: true });
  return () => {
    signal.removeEventListener("abort", stop);
    clearTimeout(force);
  };
}

export async function runFfmpeg(args: readonly string[], options: FfmpegOptions = {}): Promise<FfmpegRun> {
  // Four reports a second (ffmpeg's default is two): a render of a few seconds, as a fast machine or a
  // segmented render makes them, still moves its progress in steps a client sees.
  const progress = options.onProgress ? ["-progress", "pipe:1", "-stats_period", "0.25", "-nostats"] : [];
  const priority = options.background ? ["nice", "-n", "10"] : [];
  const proc = Bun.spawn([...DIE_WITH_PARENT, ...priority, ...memoryBound(options.memoryLimitBytes), "ffmpeg", ...BASE_ARGS, ...progress, ...args], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const cpu = processorBound(proc.pid, options.cpuLimitMs);
  const stops = [options.signal, timer, cpu.signal].filter((s): s is AbortSignal => s !== undefined);
  const stop = stops.length > 1 ? AbortSignal.any(stops) : stops[0];
  const stopWatching = stopOnAbort(proc, stop);
  const stopListening = () => {
    cpu.stop();
    stopWatching();
  };
  const stdoutPromise = (async () => {
    let text = "";
    const decoder = new TextDecoder();
    for await (const chunk of proc.stdout) {
      const piece = decoder.decode(chunk, { stream: true });
      text += piece;
      if (options.onProgress) {
        for (const match of piece.matchAll(/out_time_us=(\d+)/g)) options.onProgress(Number(match[1]) / 1e6);
      }
    }
    return text;
  })();
  const [stdout, stderr, code] = await Promise.all([stdoutPromise, new Response(proc.stderr).text(), proc.exited]).finally(stopListening);
  if (options.signal?.aborted) throw new FfmpegAborted();
  if (timer?.aborted) throw new FfmpegTimedOut(options.timeoutMs!);
  if (cpu.signal?.aborted) throw new FfmpegTimedOut(options.cpuLimitMs!, "processor");
  if (code !== 0 && options.memoryLimitBytes !== undefined && OUT_OF_MEMORY.test(stderr)) throw new FfmpegOutOfMemory(options.memoryLimitBytes);
  if (code !== 0) throw new FfmpegError("ffmpeg", code, stderr.trim().split("\n").slice(-6).join("\n"), stderr);
  return { stdout, stderr, maxRssBytes: proc.resourceUsage()?.maxRSS ?? 0 };
}

/**
 * Runs ffmpeg writing to a partial file beside `path` and renames it into place on success, so a reader
 * never sees half a file; the partial is removed when ffmpeg fails. `args` receives the partial path.
 */
export async function ffmpegToFile(path: string, args: (out: string) => string[], options: FfmpegOptions = {}): Promise<void> {
  const partial = path.replace(/(\.\w+)?$/, (ext) => `.${process.pid}.partial${ext}`);
  try {
    await runFfmpeg(args(partial), options);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Like ffmpegToFile, with `input` written to ffmpeg's stdin as it comes (frames from a capture, read with
 * `-i pipe:0`); waits on ffmpeg as it drains stdin, so a fast producer cannot pile frames up in memory. When
 * `input` throws, ffmpeg is stopped and nothing is left behind.
 */
export async function ffmpegStdinToFile(path: string, args: (out: string) => string[], input: AsyncIterable<Uint8Array>, options: { signal?: AbortSignal } = {}): Promise<FfmpegRun> {
  const partial = path.replace(/(\.\w+)?$/, (ext) => `.${process.pid}.partial${ext}`);
  const proc = Bun.spawn([...DIE_WITH_PARENT, "ffmpeg", "-hide_banner", "-y", ...args(partial)], { stdin: "pipe", stdout: "ignore", stderr: "pipe" });
  const stopListening = stopOnAbort(proc, options.signal);
  const stderrPromise = new Response(proc.stderr).text();
  try {
    try {
      for await (const chunk of input) {
        proc.stdin.write(chunk);
        await proc.stdin.flush();
      }
      await proc.stdin.end();
    } catch (error) {
      proc.kill("SIGKILL");
      throw error;
    }
    const [stderr, code] = await Promise.all([stderrPromise, proc.exited]);
    if (options.signal?.aborted) throw new FfmpegAborted();
    if (code !== 0) throw new FfmpegError("ffmpeg", code, stderr.trim().split("\n").slice(-6).join("\n"));
    renameSync(partial, path);
    return { stdout: "", stderr, maxRssBytes: proc.resourceUsage()?.maxRSS ?? 0 };
  } finally {
    stopListening();
    await proc.exited;
    rmSync(partial, { force: true });
  }
}

/** Runs ffmpeg and returns what it writes to stdout as bytes (raw decoded frames, for measuring them). */
export async function ffmpegBytes(args: readonly string[]): Promise<Uint8Array> {
  const proc = Bun.spawn([...DIE_WITH_PARENT, "ffmpeg", ...BASE_ARGS, ...args], { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).bytes(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new FfmpegError("ffmpeg", code, stderr.trim().split("\n").slice(-6).join("\n"));
  return stdout;
}

export interface ProbeResult {
  format: { duration?: string; format_name?: string; bit_rate?: string; size?: string; tags?: Record<string, string> };
  streams: Array<Record<string, any>>;
}

/**
 * `timeoutMs`: ffprobe is killed past it and the probe throws FfmpegTimedOut; `memoryLimitBytes`: bounds
 * its memory as runFfmpeg's option does (the probe decodes a caller's first frames, whatever size they
 * claim), and the probe throws FfmpegOutOfMemory past it.
 */
export async function probe(path: string, extra: readonly string[] = [], options: { timeoutMs?: number; memoryLimitBytes?: number } = {}): Promise<ProbeResult> {
  const proc = Bun.spawn([...DIE_WITH_PARENT, ...memoryBound(options.memoryLimitBytes), "ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...extra, path], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => proc.kill("SIGKILL"), options.timeoutMs);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]).finally(() => clearTimeout(timer));
  if (proc.signalCode === "SIGKILL" && options.timeoutMs !== undefined) throw new FfmpegTimedOut(options.timeoutMs);
  if (code !== 0 && options.memoryLimitBytes !== undefined && OUT_OF_MEMORY.test(stderr)) throw new FfmpegOutOfMemory(options.memoryLimitBytes);
  if (code !== 0) throw new FfmpegError("ffprobe", code, stderr.trim().slice(-400), stderr);
  return JSON.parse(stdout) as ProbeResult;
}
