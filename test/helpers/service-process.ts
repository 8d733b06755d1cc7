import { join } from "node:path";

export const ROOT = join(import.meta.dir, "../..");

/**
 * The real service (`bun src/main.ts`) as a child process on a free port; resolves once it logs that it
 * listens. Its log keeps being drained so the child never blocks on a full pipe. The caller kills it.
 */
export async function spawnService(env: Record<string, string>): Promise<{ proc: Bun.Subprocess<"ignore", "ignore", "pipe">; url: string }> {
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
        for (;;) if ((await reader.read()).done) break;
      })();
      return { proc, url: `http://127.0.0.1:${JSON.parse(line).port}` };
    }
  }
}
