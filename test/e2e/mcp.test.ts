import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import sharp from "sharp";
import { MAX_WAIT_SECONDS } from "../../client/src/mcp/server.ts";
import { createApiKey, type LiveService, SHORT_CHAT, SHORTVID, startLiveService } from "../helpers/live-service.ts";

/** A render of the short chat on a busy two-core machine, with room to spare. */
const RENDER_DEADLINE_MS = 300_000;
const TOOLS = ["cancel_video", "create_video", "edit_script", "estimate_video", "get_options", "get_video", "list_templates", "list_videos", "preview_story", "write_script"];
const TERMINAL = ["completed", "failed", "cancelled"];

let service: LiveService;
let apiKey: string;
const clients: Client[] = [];

beforeAll(async () => {
  service = await startLiveService();
  apiKey = await createApiKey(service);
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await service?.stop();
}, 60_000);

async function overHttp(key = apiKey): Promise<Client> {
  const client = new Client({ name: "shortvid-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/v1/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

/** `shortvid mcp` as a desktop agent starts it: the command, a URL and a key, nothing else in its environment. */
async function overStdio(): Promise<Client> {
  const client = new Client({ name: "shortvid-test", version: "1.0.0" });
  const env = { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: process.env.HOME ?? "/root", SHORTVID_URL: service.url, SHORTVID_API_KEY: apiKey };
  await client.connect(new StdioClientTransport({ command: SHORTVID, args: ["mcp"], env, stderr: "inherit" }));
  clients.push(client);
  return client;
}

type ToolResult = Awaited<ReturnType<Client["callTool"]>>;
const call = (client: Client, name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }, undefined, { timeout: (MAX_WAIT_SECONDS + 30) * 1000 }) as Promise<ToolResult & { structuredContent?: any; content: any[] }>;

/** get_video with the longest wait until the video ends; every status seen on the way. */
async function waitForEnd(client: Client, id: string) {
  const deadline = Date.now() + RENDER_DEADLINE_MS;
  const statuses: string[] = [];
  for (;;) {
    const started = Date.now();
    const result = await call(client, "get_video", { id, waitSeconds: MAX_WAIT_SECONDS });
    expect(result.isError).toBeFalsy();
    const video = result.structuredContent;
    if (statuses.at(-1) !== video.status) statuses.push(video.status);
    if (TERMINAL.includes(video.status)) return { result, statuses };
    // It answered at a change or at the wait's end, never much later.
    expect(Date.now() - started).toBeLessThan((MAX_WAIT_SECONDS + 10) * 1000);
    if (Date.now() > deadline) throw new Error(`video ${id} still ${video.status}`);
  }
}

async function expectContactSheet(result: { content: any[] }) {
  const image = result.content.find((c) => c.type === "image");
  expect(image?.mimeType).toBe("image/jpeg");
  const meta = await sharp(Buffer.from(image.data, "base64")).metadata();
  expect(meta.format).toBe("jpeg");
  expect(meta.width! * meta.height!).toBeGreaterThan(100_000);
}

function expectRefusal(result: { isError?: unknown; structuredContent?: any; content: any[] }, code: string) {
  expect(result.isError).toBe(true);
  expect(result.structuredContent.code).toBe(code);
  expect(typeof result.structuredContent.detail).toBe("string");
  // The same problem as text, for agents that read only content.
  expect(JSON.parse(result.content[0].text).code).toBe(code);
}

describe("MCP server", () => {
  const key = `mcp-${crypto.randomUUID()}`;
  let videoId = "";
  let httpTools: unknown;

  test("Streamable HTTP at /v1/mcp needs the API key", async () => {
    const res = await fetch(`${service.url}/v1/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).code).toBe("MISSING_API_KEY");
  });

  test("over Streamable HTTP: tools with the templates' schemas, and the guides as resources", async () => {
    const client = await overHttp();
    const { tools } = await client.listTools();
    httpTools = tools;
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const create = tools.find((t) => t.name === "create_video")!;
    const properties = create.inputSchema.properties as Record<string, any>;
    expect(properties.template.enum).toEqual(["article_video", "quiz_video", "reddit_story", "fake_text_message"]);
    expect(properties.inputs.anyOf.map((s: any) => s.title)).toEqual(["ArticleVideoInputs", "QuizVideoInputs", "RedditStoryInputs", "FakeTextMessageInputs"]);
    expect(properties.inputs.anyOf[3].properties.messages.maxItems).toBe(80);
    expect(properties.idempotencyKey).toMatchObject({ type: "string", maxLength: 255 });
    expect(create.inputSchema.required).toEqual(["template", "inputs"]);
    expect(create.description).toContain("Create a video");
    const get = tools.find((t) => t.name === "get_video")!;
    expect((get.inputSchema.properties as any).waitSeconds.maximum).toBe(MAX_WAIT_SECONDS);
    expect(get.description).toContain("publishKit");
    expect(get.inputSchema.required).toEqual(["id"]);

    const { resources } = await client.listResources();
    expect(resources.map((r) => r.name)).toEqual(["llms.txt", "article_video.txt", "quiz_video.txt", "reddit_story.txt", "fake_text_message.txt"]);
    const guide = await client.readResource({ uri: `${service.url}/v1/templates/fake_text_message.txt` });
    expect((guide.contents[0] as { text: string }).text).toContain("fake_text_message");
    // The API guide tells an agent where the tools are and what they are.
    const api = (await client.readResource({ uri: `${service.url}/v1/llms.txt` })).contents[0] as { text: string };
    expect(api.text).toContain(`${service.url}/v1/mcp`);
    for (const name of TOOLS) expect(api.text).toContain(name);
  });

  test("over Streamable HTTP: bad input is a tool error with the problem's code, detail and errors[]", async () => {
    const client = await overHttp();
    const invalid = await call(client, "create_video", { template: "fake_text_message", inputs: { contact: { name: "" }, messages: [] } });
    expectRefusal(invalid, "INVALID_INPUT");
    const paths = invalid.structuredContent.errors.map((e: { path: string }) => e.path);
    expect(paths).toContain("inputs.messages");
    expect(paths).toContain("inputs.contact.name");
    expectRefusal(await call(client, "estimate_video", { template: "no_such_template", inputs: {} }), "UNKNOWN_TEMPLATE");
    expectRefusal(await call(client, "get_video", { id: "vid_missing" }), "NOT_FOUND");
  });

  test(
    "over Streamable HTTP: creates a video with an idempotency key, waits for it and sees its contact sheet",
    async () => {
      const client = await overHttp();
      const created = await call(client, "create_video", { template: "fake_text_message", inputs: SHORT_CHAT, idempotencyKey: key });
      expect(created.isError).toBeFalsy();
      videoId = created.structuredContent.id;
      expect(created.structuredContent.status).toBe("queued");
      // A retry with the key is the same video, not a second one.
      const again = await call(client, "create_video", { template: "fake_text_message", inputs: SHORT_CHAT, idempotencyKey: key });
      expect(again.structuredContent.id).toBe(videoId);
      const listed = await call(client, "list_videos", {});
      expect(listed.structuredContent.data.map((v: { id: string }) => v.id)).toEqual([videoId]);

      const { result, statuses } = await waitForEnd(client, videoId);
      expect(result.structuredContent.status).toBe("completed");
      expect(statuses.at(-1)).toBe("completed");
      await expectContactSheet(result);
      // The finished video carries its publish kit and AI disclosure, as the REST answer does.
      expect(result.structuredContent.publishKit.tiktok.caption).toContain(SHORT_CHAT.messages[0]!.text);
      expect(result.structuredContent.disclosure).toMatchObject({ containsSyntheticMedia: true, synthetic: ["voice"] });
    },
    RENDER_DEADLINE_MS + 60_000,
  );

  test("over stdio (`shortvid mcp`): the same tools, the same video for the same key, and its contact sheet", async () => {
    expect(videoId).not.toBe("");
    const client = await overStdio();
    const { tools } = await client.listTools();
    expect(tools).toEqual(httpTools as typeof tools);
    const replayed = await call(client, "create_video", { template: "fake_text_message", inputs: SHORT_CHAT, idempotencyKey: key });
    expect(replayed.structuredContent.id).toBe(videoId);
    const { result } = await waitForEnd(client, videoId);
    expect(result.structuredContent.status).toBe("completed");
    await expectContactSheet(result);
    const invalid = await call(client, "create_video", { template: "fake_text_message", inputs: { contact: { name: "Mom" }, messages: [{ sender: "nobody", text: "hi" }] } });
    expectRefusal(invalid, "INVALID_INPUT");
    expect(invalid.structuredContent.errors[0].path).toBe("inputs.messages[0].sender");
    const { resources } = await client.listResources();
    expect(resources[0]!.uri).toBe(`${service.url}/v1/llms.txt`);
  }, 120_000);
});
