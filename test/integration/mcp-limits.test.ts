import { describe, expect, test } from "bun:test";
import { ANSWER_LEFT_OUT_CODE, MCP_LIMITS } from "../../src/http/mcp/limits.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

const MCP_HEADERS = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "limits-test", version: "1" } } };
const message = (method: string, id: number, params: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id, method, params });
const toolCall = (name: string, args: Record<string, unknown>, id = 1) => message("tools/call", id, { name, arguments: args });

describe.each(DATABASE_KINDS)("MCP messages against the limits on %s", (kind) => {
  const svc = useService(kind);
  const mcp = (apiKey: string, body: unknown) => svc().request("/v1/mcp", { method: "POST", key: apiKey, json: body, headers: MCP_HEADERS });
  const remaining = (res: Response) => Number(res.headers.get("x-ratelimit-remaining"));

  test("a key over its minute is refused on every MCP message as on REST: 429 RATE_LIMITED problem with Retry-After, nothing answered", async () => {
    const { apiKey } = await svc().createAccount();
    for (let i = 0; i < 60; i++) expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await expectProblem(await svc().request("/v1/me", { key: apiKey }), 429, "RATE_LIMITED");
    for (const body of [INITIALIZE, message("tools/list", 2), message("ping", 3), toolCall("list_videos", {}), [message("tools/list", 4), message("ping", 5)]]) {
      const res = await mcp(apiKey, body);
      await expectProblem(res, 429, "RATE_LIMITED");
      expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    }
  }, 60_000);

  test("each message is one request, the protocol's own included; a tool call is one (its route is not counted again)", async () => {
    const { apiKey } = await svc().createAccount();
    const initialized = await mcp(apiKey, INITIALIZE);
    expect(initialized.status).toBe(200);
    expect(remaining(initialized)).toBe(59);
    expect(remaining(await mcp(apiKey, message("tools/list", 2)))).toBe(58);
    const listed = await mcp(apiKey, toolCall("list_videos", {}));
    expect(((await listed.json()) as any).result.isError).toBeUndefined();
    expect(remaining(listed)).toBe(57);
    // A batch counts each of its messages, and says what is left after the last.
    const batch = await mcp(apiKey, [message("tools/list", 3), message("ping", 4), toolCall("list_videos", {}, 5)]);
    expect(((await batch.json()) as unknown[]).length).toBe(3);
    expect(remaining(batch)).toBe(54);
    expect(remaining(await svc().request("/v1/me", { key: apiKey }))).toBe(53);
    // A batch the minute has no room for is refused whole.
    for (let i = 0; i < 51; i++) expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await expectProblem(await mcp(apiKey, [message("ping", 6), message("ping", 7), message("ping", 8)]), 429, "RATE_LIMITED");
  }, 60_000);

  test("a tool call's route keeps its own limits: a free tool past its hour is a tool error, not a second count in the minute", async () => {
    const { apiKey, accountId } = await svc().createAccount();
    await svc().admin("set-limits", { account: accountId, "free-tools-per-hour": "1" });
    const estimate = (id: number) => mcp(apiKey, toolCall("estimate_video", storyBody(), id));
    const first = await estimate(1);
    expect(((await first.json()) as any).result.isError).toBeUndefined();
    expect(remaining(first)).toBe(59);
    const second = await estimate(2);
    const refused = ((await second.json()) as any).result;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(refused.structuredContent.detail).toContain("free tool calls per hour");
    expect(remaining(second)).toBe(58);
  }, 60_000);

  test(`a batch holds at most ${MCP_LIMITS.maxBatchMessages} messages and answers at most ${MCP_LIMITS.maxBatchAnswerBytes / 1024} KiB; the answers past it say so`, async () => {
    const { apiKey } = await svc().createAccount();
    // 100 tools/list in one 5 KB request answered 4.7 MB before it was bounded.
    const hundred = Array.from({ length: 100 }, (_, i) => message("tools/list", i));
    const tooMany = await expectProblem(await mcp(apiKey, hundred), 400, "INVALID_INPUT");
    expect(tooMany.errors).toEqual([{ path: "", code: "too_many", message: `must have at most ${MCP_LIMITS.maxBatchMessages} messages` }]);
    await expectProblem(await mcp(apiKey, hundred.slice(0, MCP_LIMITS.maxBatchMessages + 1)), 400, "INVALID_INPUT");

    const single = await (await mcp(apiKey, message("tools/list", 0))).text();
    const most = await mcp(apiKey, hundred.slice(0, MCP_LIMITS.maxBatchMessages));
    const text = await most.text();
    const answers = JSON.parse(text) as Array<{ id: number; result?: { tools: unknown[] }; error?: { code: number; message: string } }>;
    expect(answers.map((a) => a.id)).toEqual(hundred.slice(0, MCP_LIMITS.maxBatchMessages).map((m) => m.id));
    // Whole answers while they fit, in order, then errors: a tools/list answer is the same every time.
    const kept = answers.filter((a) => a.result);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(MCP_LIMITS.maxBatchMessages);
    expect(answers.slice(0, kept.length)).toEqual(kept);
    for (const answer of kept) expect(JSON.stringify(answer.result)).toBe(JSON.stringify(JSON.parse(single).result));
    for (const answer of answers.slice(kept.length)) {
      expect(answer.error!.code).toBe(ANSWER_LEFT_OUT_CODE);
      expect(answer.error!.message).toContain(`passed ${MCP_LIMITS.maxBatchAnswerBytes} bytes`);
    }
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MCP_LIMITS.maxBatchAnswerBytes);
    // One more whole answer would not have fitted.
    expect(Buffer.byteLength(text) + Buffer.byteLength(single)).toBeGreaterThan(MCP_LIMITS.maxBatchAnswerBytes);
  }, 60_000);
});
