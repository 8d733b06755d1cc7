import { join } from "node:path";

export const ROOT = join(import.meta.dir, "../..");

/** How much of a service's log is kept for a failing test to show. */
const LOG_TAIL_CHARS = 20_000;

/**
 * The real service (`bun src/main.ts`) as a child process on a free port; resolves once it logs that it
 * listens. Its log keeps being drained so the child never blocks on a full pipe, and its tail is kept
 * (`logTail()`). The caller kills it.
 */
export async function spawnService(env: Record<string, string>): Promise<{ proc: Bun.Subprocess<"ignore", "ignore", "pipe">; url: string; logTail(): string }> {
  const proc = Bun.spawn(["bun", "src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", LOG_LEVEL: "info", ...env },
    stdout: "ignore",
    stderr: "pipe",
  });
  const reader = proc.stderr.getReader();
  let seen = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`service exited: ${seen}`);
    seen += new TextDecoder().decode(value);
    const line = seen.split("\n").find((l) => l.includes('"listening"'));
    if (line) {
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          seen = (seen + new TextDecoder().decode(value)).slice(-LOG_TAIL_CHARS);
        }
      })();
      return { proc, url: `http://127.0.0.1:${JSON.parse(line).port}`, logTail: () => seen };
    }
  }
}

/** Pids of live ffmpeg processes whose arguments mention `needle` (a video's working folder, say), from ps. */
export function ffmpegPids(needle: string): number[] {
  const out = Bun.spawnSync(["ps", "-eo", "pid=,stat=,args="]).stdout.toString();
  return out
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\S+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && !m[2]!.startsWith("Z") && m[3]!.startsWith("ffmpeg") && m[3]!.includes(needle))
    .map((m) => Number(m[1]));
}
