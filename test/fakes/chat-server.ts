/**
 * A loopback stand-in for an OpenAI-compatible server (chat completions with structured output, and
 * moderations), speaking the real wire format. Each chat request takes the next scripted reply. Tests only.
 */
export interface ChatReply {
  status?: number;
  /** The assistant message content (a JSON string for structured output). */
  content?: string;
  /** A raw error body for non-2xx replies. */
  error?: string;
}

export interface FakeChatServer {
  url: string;
  replies: ChatReply[];
  requests: { path: string; body: any; authorization: string | null }[];
  /** Moderation: null answers 404 (no endpoint), otherwise whether inputs containing it are flagged. */
  flagWord: string | null;
  stop(): void;
}

export function startFakeChatServer(): FakeChatServer {
  const state: FakeChatServer = { url: "", replies: [], requests: [], flagWord: null, stop: () => {} };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const body = (await request.json().catch(() => undefined)) as any;
      state.requests.push({ path, body, authorization: request.headers.get("authorization") });
      if (path === "/v1/moderations") {
        if (state.flagWord === null) return Response.json({ error: { message: "Not found" } }, { status: 404 });
        const flagged = String(body?.input ?? "").includes(state.flagWord);
        return Response.json({ id: "modr-1", model: "omni-moderation-latest", results: [{ flagged, categories: { harassment: flagged }, category_scores: { harassment: flagged ? 0.9 : 0.01 } }] });
      }
      if (path !== "/v1/chat/completions") return Response.json({ error: { message: "Not found" } }, { status: 404 });
      const reply = state.replies.shift() ?? { status: 500, error: "no scripted reply" };
      if (reply.status && reply.status >= 400) return Response.json({ error: { message: reply.error ?? "error", type: "server_error" } }, { status: reply.status });
      return Response.json({
        id: `chatcmpl-${state.requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body?.model,
        choices: [{ index: 0, message: { role: "assistant", content: reply.content ?? "" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
      });
    },
  });
  state.url = `http://127.0.0.1:${server.port}/v1`;
  state.stop = () => server.stop(true);
  return state;
}
