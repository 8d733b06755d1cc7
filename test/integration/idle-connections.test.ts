import { describe, expect, test } from "bun:test";
import { useService } from "../helpers/harness.ts";
import { useListening } from "../helpers/listening.ts";
import { type RawConnection, openRawConnection } from "../helpers/raw-http.ts";
import { storyBody } from "../helpers/videos.ts";

const IDLE_TIMEOUT_SECONDS = 1;
/** Bun checks its connections' idle timeouts every 4 s, so one closes up to that much after its timeout. */
const BUN_TIMEOUT_TICK_SECONDS = 4;
/** A late timer on a loaded two-core machine. */
const SLACK_SECONDS = 3;
/** By when an idle connection must be closed, from the end of its last answer. */
const CLOSED_WITHIN_MS = (IDLE_TIMEOUT_SECONDS + BUN_TIMEOUT_TICK_SECONDS + SLACK_SECONDS) * 1000;
/** Longer than any idle connection is kept: an answer still open after it had its idle limit lifted. */
const HELD_MS = CLOSED_WITHIN_MS + 1000;

/** How long after `from` the server closed the connection, or undefined when it was still open `withinMs` later. */
async function closedAfter(connection: RawConnection, from: number, withinMs: number): Promise<number | undefined> {
  const closedAt = await Promise.race([connection.closed, Bun.sleep(from + withinMs - Date.now()).then(() => undefined)]);
  return closedAt === undefined ? undefined : closedAt - from;
}

// Connections read nothing from the database: PGlite alone. The heartbeat is longer than the test, so a
// stream is quiet for as long as it is watched.
describe("every connection idles out after whatever answer it got", () => {
  const svc = useService("pglite", { HTTP_IDLE_TIMEOUT_SECONDS: String(IDLE_TIMEOUT_SECONDS), EVENTS_HEARTBEAT_SECONDS: "120" });
  const serve = useListening(svc);

  test("a plain answer, a progress stream's 404, an MCP answer and an MCP tool call that waited: each connection closes within the idle timeout after its answer", async () => {
    const { apiKey } = await svc().createAccount();
    const video = (await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() })).json()) as { id: string };
    const port = serve();
    const auth = `Host: 127.0.0.1:${port}\r\nAuthorization: Bearer ${apiKey}`;
    const mcpHead = `POST /v1/mcp HTTP/1.1\r\n${auth}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Protocol-Version: 2025-06-18`;
    const toolCall = (name: string, args: Record<string, unknown>) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });
    // get_video waits for a change of the queued video longer than an idle connection lives.
    const waitSeconds = Math.ceil(HELD_MS / 1000);
    const exchanges: Array<[string, string, string, number]> = [
      ["health", `GET /v1/health HTTP/1.1\r\n${auth}`, "", 200],
      ["progress stream of no video", `GET /v1/videos/vid_missing/events HTTP/1.1\r\n${auth}`, "", 404],
      ["MCP tool call", mcpHead, toolCall("list_templates", {}), 200],
      ["MCP tool call that waits", mcpHead, toolCall("get_video", { id: video.id, waitSeconds }), 200],
      ["MCP protocol message", mcpHead, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), 200],
    ];
    const results = await Promise.all(
      exchanges.map(async ([name, head, body]) => {
        const connection = await openRawConnection(port);
        try {
          const sent = Date.now();
          const answer = await connection.exchange(head, body, 60_000);
          const answered = Date.now();
          return { name, status: answer.status, answeredAfterMs: answered - sent, closedAfterMs: await closedAfter(connection, answered, CLOSED_WITHIN_MS) };
        } finally {
          connection.destroy();
        }
      }),
    );
    for (const [index, [name, , , status]] of exchanges.entries()) {
      const result = results[index]!;
      expect({ name, status: result.status, closed: result.closedAfterMs !== undefined }).toEqual({ name, status, closed: true });
    }
    // The waiting tool call was answered after its wait, on a connection longer-lived than the idle limit allows.
    expect(results[3]!.answeredAfterMs).toBeGreaterThanOrEqual(waitSeconds * 1000);
  }, 90_000);

  test("a progress stream keeps its connection while it streams, and the connection idles out once the stream ends", async () => {
    const { apiKey } = await svc().createAccount();
    const video = (await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() })).json()) as { id: string };
    const port = serve();
    const connection = await openRawConnection(port);
    try {
      const stream = connection.exchange(`GET /v1/videos/${video.id}/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${apiKey}`, "", 60_000);
      const opened = Date.now();
      // Quiet (no heartbeat before 120 s) and still open past every idle connection's end.
      expect(await closedAfter(connection, opened, HELD_MS)).toBeUndefined();
      expect((await svc().request(`/v1/videos/${video.id}/cancel`, { method: "POST", key: apiKey })).status).toBe(200);
      const answer = await stream;
      const ended = Date.now();
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('"status":"cancelled"');
      expect(await closedAfter(connection, ended, CLOSED_WITHIN_MS)).toBeDefined();
    } finally {
      connection.destroy();
    }
  }, 90_000);
});
