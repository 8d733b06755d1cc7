#!/usr/bin/env node
import { createWriteStream, realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type ClientOptions, createClient, type ShortvidClient, ShortvidError, type Video } from "../client.ts";
import { kitText } from "./kit.ts";
import { progressLine } from "./progress.ts";

/** Exit codes, documented in the usage text and the README. */
export const EXIT = { ok: 0, error: 1, input: 2, refused: 3, videoFailed: 4, unauthenticated: 5 } as const;

const USAGE = `Usage: shortvid <command> [options]

Commands:
  templates                              the templates, with their inputs as JSON Schema
  options                                voices, backgrounds, music, caption presets
  estimate <template> --inputs FILE|-    cost, length and processing time (free)
  script <template> --inputs FILE|-      write an article script or quiz pack (free)
  edit-script <projectId> --inputs FILE|-
                                         save your version of it (free): the file holds
                                         {"script": {"text"}} or {"pack": {"questions"}}
  preview <template> --inputs FILE|-     narrate a reddit_story teaser (free) [--project ID]
  create <template> --inputs FILE|-      create a video [--project ID] [--webhook URL]
                                         [--idempotency-key KEY] [--wait] [--out FILE]
  get <id>                               a video [--wait] [--out FILE] [--kit]
  list                                   videos, newest first [--limit N] [--cursor C]
  cancel <id>                            cancel a queued video
  mcp                                    serve the tools to an agent over stdio (Model Context Protocol)

Options:
  --url URL        service address (default $SHORTVID_URL, else http://localhost:3000)
  --key KEY        API key (default $SHORTVID_API_KEY)
  --wait           follow the video to its end: a progress bar on a terminal, JSON lines otherwise
  --out FILE       download the finished MP4 (implies --wait)
  --kit            get: the publish kit (title, captions, hashtags per platform) and AI disclosure, as text
  --json           JSON lines even on a terminal
  --retries N      retries of a 429 or 503 after Retry-After (default 3)

Exit codes: 0 done; 1 service or network failure; 2 input refused (usage, 400, 404, 409, 413, 422);
3 refused by plan or limits (402, 429); 4 the video failed or was cancelled; 5 authentication (401).`;

/** The commands, as the usage text lists them (the README's test checks its commands against this). */
export const COMMANDS = ["templates", "options", "estimate", "script", "edit-script", "preview", "create", "get", "list", "cancel", "mcp", "help"] as const;

class UsageError extends Error {}

function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.input;
  if (!(error instanceof ShortvidError)) return EXIT.error;
  if (error.status === 401) return EXIT.unauthenticated;
  if (error.status === 402 || error.status === 429) return EXIT.refused;
  if (error.status >= 400 && error.status < 500) return EXIT.input;
  return EXIT.error;
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
const printLine = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function readInputs(path: string | undefined): Promise<unknown> {
  if (!path) throw new UsageError("--inputs FILE (or - for standard input) is required");
  let text: string;
  if (path === "-") {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString("utf8");
  } else {
    text = await readFile(path, "utf8").catch((error: Error) => {
      throw new UsageError(`cannot read ${path}: ${error.message}`);
    });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path === "-" ? "standard input" : path} is not JSON: ${(error as Error).message}`);
  }
}

/** Follows a video to its end, then downloads it when asked. */
async function follow(client: ShortvidClient, id: string, out: string | undefined, jsonLines: boolean): Promise<number> {
  const bar = !jsonLines && process.stdout.isTTY === true;
  const final = await client.waitForVideo(id, {
    onUpdate: (video) => (bar ? process.stdout.write(`\r\x1b[2K${progressLine(video)}`) : printLine({ event: "progress", video })),
  });
  if (bar) process.stdout.write("\n");
  if (final.status !== "completed") {
    if (bar) print(final);
    else printLine({ event: "done", video: final });
    process.stderr.write(`shortvid: video ${final.id} ${final.status}${final.error ? `: ${final.error.code}: ${final.error.message}` : ""}\n`);
    return EXIT.videoFailed;
  }
  if (bar) print(final);
  else printLine({ event: "done", video: final });
  if (out) {
    const bytes = await download(client, final, out);
    if (bar) process.stdout.write(`Saved ${out} (${(bytes / 1e6).toFixed(1)} MB)\n`);
    else printLine({ event: "downloaded", file: out, bytes });
  }
  return EXIT.ok;
}

async function download(client: ShortvidClient, video: Video, out: string): Promise<number> {
  const response = await client.download(video.downloadUrl!);
  let bytes = 0;
  const counted = Readable.fromWeb(response.body as never).on("data", (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(counted, createWriteStream(out));
  return bytes;
}

async function serveMcp(options: ClientOptions): Promise<number> {
  // An agent is told a long Retry-After (CONCURRENCY_LIMIT's 30 s) and decides; a tool call never sleeps it away.
  const client = createClient({ ...options, maxRetryAfterSeconds: 5 });
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const { createMcpServer } = await import("../mcp/server.ts");
  const server = createMcpServer(client, { openapi: (await client.openapi()) as never });
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  process.stdin.on("end", () => void server.close());
  await closed;
  return EXIT.ok;
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      key: { type: "string" },
      inputs: { type: "string" },
      project: { type: "string" },
      webhook: { type: "string" },
      "idempotency-key": { type: "string" },
      wait: { type: "boolean" },
      out: { type: "string" },
      json: { type: "boolean" },
      kit: { type: "boolean" },
      limit: { type: "string" },
      cursor: { type: "string" },
      retries: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, arg] = positionals;
  if (!command || values.help || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? EXIT.ok : EXIT.input;
  }
  const retries = values.retries === undefined ? undefined : Number(values.retries);
  if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0)) throw new UsageError("--retries takes a whole number");
  const clientOptions: ClientOptions = { baseUrl: values.url, apiKey: values.key, retries };
  const client = createClient(clientOptions);
  const need = (what: string) => {
    if (!arg) throw new UsageError(`${command} needs ${what}`);
    return arg;
  };
  const key = { idempotencyKey: values["idempotency-key"] };
  // The service validates the body (and its problem names each bad field), so it goes as read.
  const templateBody = async (extra: Record<string, string | undefined> = {}): Promise<never> => {
    const fields = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
    return { template: need("a template id"), inputs: await readInputs(values.inputs), ...fields } as never;
  };
  switch (command) {
    case "templates":
      print(await client.templates());
      return EXIT.ok;
    case "options":
      print(await client.options());
      return EXIT.ok;
    case "estimate":
      print(await client.estimate(await templateBody(), key));
      return EXIT.ok;
    case "script":
      print(await client.writeScript(await templateBody(), key));
      return EXIT.ok;
    case "edit-script":
      print(await client.editScript(need("a projectId"), (await readInputs(values.inputs)) as never, key));
      return EXIT.ok;
    case "preview":
      print(await client.preview(await templateBody({ projectId: values.project }), key));
      return EXIT.ok;
    case "create": {
      const video = await client.createVideo(await templateBody({ projectId: values.project, webhookUrl: values.webhook }), key);
      if (!values.wait && !values.out) {
        print(video);
        return EXIT.ok;
      }
      return follow(client, video.id, values.out, values.json === true);
    }
    case "get": {
      const id = need("a video id");
      if (values.wait || values.out) return follow(client, id, values.out, values.json === true);
      const video = await client.getVideo(id);
      if (values.kit) process.stdout.write(kitText(video));
      else print(video);
      return EXIT.ok;
    }
    case "list": {
      const limit = values.limit === undefined ? undefined : Number(values.limit);
      print(await client.listVideos({ limit, cursor: values.cursor }));
      return EXIT.ok;
    }
    case "cancel":
      print(await client.cancelVideo(need("a video id"), key));
      return EXIT.ok;
    case "mcp":
      return serveMcp(clientOptions);
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

function describe(error: unknown): string {
  if (error instanceof ShortvidError) {
    const problem = error.problem as ShortvidError["problem"] & { errors?: { path: string; message: string }[] };
    const fields = (problem.errors ?? []).map((e) => `\n  ${e.path || "(body)"}: ${e.message}`).join("");
    const retry = error.retryAfterSeconds === undefined ? "" : ` (retry after ${error.retryAfterSeconds} s)`;
    return `${problem.code} (${error.status}): ${problem.detail}${retry}${fields}`;
  }
  if (error instanceof UsageError) return `${error.message}\nRun shortvid help for usage.`;
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

// Run as a program (directly, through the bin link or ./shortvid), not when imported.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Exits once standard output has drained, so a piped JSON answer is never cut short.
  const exit = (code: number) => process.stdout.write("", () => process.exit(code));
  main(process.argv.slice(2)).then(exit, (error: unknown) => {
    // parseArgs's own refusals (an unknown option) are usage errors too.
    const usage = error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS");
    process.stderr.write(`shortvid: ${describe(usage ? new UsageError(error.message) : error)}\n`);
    exit(usage ? EXIT.input : exitCodeFor(error));
  });
}
