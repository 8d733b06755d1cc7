import { chmodSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { AdminContext, AdminResult } from "./commands.ts";
import { runAdminCommand } from "./commands.ts";

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, "admin.sock");
}

/**
 * Local admin endpoint on a unix socket in DATA_DIR (mode 0600): while the service runs, admin commands
 * go through it, so an embedded database is never opened twice.
 */
export function serveAdminSocket(path: string, ctx: AdminContext, afterCommand: () => Promise<void> = async () => {}): { stop(): void } {
  if (existsSync(path)) rmSync(path);
  const server = Bun.serve({
    unix: path,
    async fetch(request) {
      if (request.method !== "POST") return new Response("POST {command, args}", { status: 405 });
      const { command, args } = (await request.json()) as { command: string; args: Record<string, string> };
      const result = await runAdminCommand(ctx, command, args ?? {}).catch(
        (error): AdminResult => ({ ok: false, error: (error as Error).message }),
      );
      // A revocation or disabling has taken effect in this process when the operator sees the answer.
      await afterCommand().catch(() => {});
      return Response.json(result);
    },
  });
  chmodSync(path, 0o600);
  return {
    stop() {
      server.stop(true);
      rmSync(path, { force: true });
    },
  };
}

/** Sends a command to a running service; undefined when no service answers on the socket. */
export async function callAdminSocket(path: string, command: string, args: Record<string, string>): Promise<AdminResult | undefined> {
  if (!existsSync(path)) return undefined;
  try {
    const response = await fetch("http://admin/run", {
      method: "POST",
      body: JSON.stringify({ command, args }),
      headers: { "content-type": "application/json" },
      unix: path,
    } as RequestInit);
    return (await response.json()) as AdminResult;
  } catch {
    return undefined;
  }
}
