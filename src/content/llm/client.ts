import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

/** The server failed, timed out or never produced a valid answer; callers fall back to the offline writers. */
export class LlmError extends Error {}

export interface JsonRequest<S extends TSchema> {
  system: string;
  user: string;
  schemaName: string;
  schema: S;
}

export interface LlmClient {
  /** A JSON answer matching the schema: structured output, validated, with one repair attempt. */
  completeJson<S extends TSchema>(request: JsonRequest<S>): Promise<Static<S>>;
  /** Whether the server's moderation endpoint flags the text; null when the server has none. */
  moderate(text: string): Promise<boolean | null>;
}

interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

function problemsOf(schema: TSchema, value: unknown): string {
  return [...Value.Errors(schema, value)]
    .slice(0, 6)
    .map((e) => `${e.path || "/"} ${e.message}`)
    .join("; ");
}

/**
 * A client for any OpenAI-compatible chat completions server. It asks for `json_schema` structured
 * output; servers that refuse that format (some llama.cpp builds) are asked for `json_object` with the
 * schema in the prompt from then on. An answer that does not validate gets one repair turn.
 */
export function createLlmClient(settings: LlmSettings): LlmClient {
  const timeoutMs = settings.timeoutMs ?? 60_000;
  let schemaFormat = true;
  let hasModeration: boolean | undefined;
  const headers = { "content-type": "application/json", ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) };

  async function post(path: string, body: unknown): Promise<Response> {
    try {
      return await fetch(`${settings.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new LlmError(`${settings.baseUrl}${path} could not be reached: ${(error as Error).message}`);
    }
  }

  async function chat(messages: ChatMessage[], name: string, schema: TSchema): Promise<string> {
    for (;;) {
      const responseFormat = schemaFormat ? { type: "json_schema", json_schema: { name, strict: true, schema } } : { type: "json_object" };
      const sent = schemaFormat ? messages : [{ role: "system" as const, content: `Answer with one JSON object matching this JSON schema: ${JSON.stringify(schema)}` }, ...messages];
      const response = await post("/chat/completions", { model: settings.model, messages: sent, response_format: responseFormat, temperature: 0.4 });
      const text = await response.text();
      if (response.status === 400 && schemaFormat && /response_format|json_schema/i.test(text)) {
        schemaFormat = false;
        continue;
      }
      if (!response.ok) throw new LlmError(`the model server answered HTTP ${response.status}: ${text.slice(0, 200)}`);
      let content: unknown;
      try {
        content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
      } catch {
        throw new LlmError("the model server's answer is not JSON");
      }
      if (typeof content !== "string") throw new LlmError("the model server's answer has no message content");
      return content;
    }
  }

  function parse(schema: TSchema, content: string): { value?: unknown; problem?: string } {
    let value: unknown;
    try {
      value = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ""));
    } catch {
      return { problem: "the answer is not valid JSON" };
    }
    return Value.Check(schema, value) ? { value } : { problem: problemsOf(schema, value) };
  }

  return {
    async completeJson(request) {
      const messages: ChatMessage[] = [
        { role: "system", content: request.system },
        { role: "user", content: request.user },
      ];
      const first = await chat(messages, request.schemaName, request.schema);
      const parsed = parse(request.schema, first);
      if (!parsed.problem) return parsed.value as Static<typeof request.schema>;
      const repairMessages: ChatMessage[] = [
        ...messages,
        { role: "assistant", content: first },
        { role: "user", content: `That answer does not match the required JSON schema (${parsed.problem}). Reply with only the corrected JSON object.` },
      ];
      const repaired = parse(request.schema, await chat(repairMessages, request.schemaName, request.schema));
      if (repaired.problem) throw new LlmError(`the model's answer did not match the schema after one repair (${repaired.problem})`);
      return repaired.value as Static<typeof request.schema>;
    },
    async moderate(text) {
      if (hasModeration === false) return null;
      const response = await post("/moderations", { input: text });
      if ([400, 404, 405, 501].includes(response.status)) {
        hasModeration = false;
        return null;
      }
      if (!response.ok) throw new LlmError(`the moderation endpoint answered HTTP ${response.status}`);
      hasModeration = true;
      const body = (await response.json()) as { results?: { flagged?: boolean }[] };
      return body.results?.some((r) => r.flagged === true) ?? false;
    },
  };
}
