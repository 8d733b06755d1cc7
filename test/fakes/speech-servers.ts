import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { chunkScript } from "../../src/narration/engines/engine.ts";
import { synthesizeWithEspeak } from "../../src/narration/engines/espeak.ts";
import { synthesizeWithFestival } from "../../src/narration/engines/festival.ts";
import { splitWords } from "../../src/narration/words.ts";

/**
 * Loopback stand-ins for paid speech APIs, speaking their real wire formats with real audio made by the
 * offline engines, so adapters are tested end to end. Tests only.
 */
export type FakeMode = "ok" | "unauthorized" | "fail-once" | "always-500" | "hang";

export interface FakeServer {
  url: string;
  mode: FakeMode;
  requests: { path: string; headers: Record<string, string>; body: any }[];
  stop(): void;
}

const work = mkdtempSync(join(tmpdir(), "fake-speech-"));
let counter = 0;

async function speak(text: string) {
  const words = splitWords(text);
  const raw = await synthesizeWithEspeak({ name: "en-us" }, chunkScript(words), join(work, `s-${counter++}.wav`));
  return { raw, words };
}

function serve(handler: (path: string, body: any, server: FakeServer) => Promise<Response>): FakeServer {
  const state: FakeServer = { url: "", mode: "ok", requests: [], stop: () => {} };
  let failures = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const body = await request.json().catch(() => undefined);
      state.requests.push({ path: url.pathname + url.search, headers: Object.fromEntries(request.headers), body });
      if (state.mode === "hang") {
        await Bun.sleep(2000);
        return new Response("late", { status: 200 });
      }
      if (state.mode === "always-500" || (state.mode === "fail-once" && failures++ === 0)) {
        return Response.json({ detail: { status: "server_error", message: "the model is overloaded" } }, { status: 500 });
      }
      return handler(url.pathname + url.search, body, state);
    },
  });
  state.url = `http://127.0.0.1:${server.port}`;
  state.stop = () => server.stop(true);
  return state;
}

/** ElevenLabs: POST /v1/text-to-speech/{voice_id}/with-timestamps -> {audio_base64, alignment, normalized_alignment}. */
export function fakeElevenLabs(apiKey: string): FakeServer {
  const server = serve(async (path, body) => {
    if (!/^\/v1\/text-to-speech\/[^/]+\/with-timestamps\?output_format=mp3_44100_128$/.test(path)) return new Response("not found", { status: 404 });
    if (server.mode === "unauthorized" || server.requests.at(-1)!.headers["xi-api-key"] !== apiKey) {
      return Response.json({ detail: { status: "invalid_api_key", message: "Invalid API key" } }, { status: 401 });
    }
    const text = String(body.text);
    const { raw, words } = await speak(text);
    const mp3 = join(work, `el-${counter++}.mp3`);
    await runFfmpeg(["-i", raw.wavPath, "-ar", "44100", "-c:a", "libmp3lame", "-b:a", "128k", mp3]);
    // One entry per code point: a word's characters share its span evenly; spaces sit between words.
    const characters: string[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    let cursor = 0;
    let unit = 0;
    for (const ch of text) {
      const index = words.findIndex((w) => unit >= w.charStart && unit < w.charEnd);
      const timed = index >= 0 ? raw.words[index] : undefined;
      if (timed && Number.isFinite(timed.start)) {
        const word = words[index]!;
        const share = (timed.end - timed.start) / (word.charEnd - word.charStart);
        cursor = timed.start + share * (unit - word.charStart);
        starts.push(cursor);
        ends.push(cursor + share * ch.length);
        cursor += share * ch.length;
      } else {
        starts.push(cursor);
        ends.push(cursor);
      }
      characters.push(ch);
      unit += ch.length;
    }
    const alignment = { characters, character_start_times_seconds: starts, character_end_times_seconds: ends };
    return Response.json({ audio_base64: readFileSync(mp3).toString("base64"), alignment, normalized_alignment: alignment });
  });
  return server;
}

/** Kokoro-FastAPI: POST /dev/captioned_speech -> {audio, audio_format, timestamps: [{word, start_time, end_time}]}. */
export function fakeKokoro(): FakeServer {
  return serve(async (path, body) => {
    if (path !== "/dev/captioned_speech") return new Response("not found", { status: 404 });
    if (body.return_timestamps !== true || body.stream !== false) return Response.json({ detail: "bad request" }, { status: 422 });
    const { raw } = await speak(String(body.input));
    // Kokoro reports punctuation as tokens of its own, stripped from the words.
    const timestamps = raw.words.flatMap((w) => {
      if (!Number.isFinite(w.start)) return [];
      const bare = w.text.replace(/[^\p{L}\p{N}']/gu, "");
      const tokens = bare ? [{ word: bare, start_time: w.start, end_time: w.end }] : [];
      const punct = w.text.match(/[.,!?;:]$/)?.[0];
      if (punct) tokens.push({ word: punct, start_time: w.end, end_time: w.end });
      return tokens;
    });
    return Response.json({ audio: readFileSync(raw.wavPath).toString("base64"), audio_format: "wav", timestamps });
  });
}

/** OpenAI-compatible: POST /v1/audio/speech -> audio bytes only. Records the truth of each answer. */
export function fakeOpenAiSpeech(apiKey: string): FakeServer & { truths: { start: number; end: number }[][] } {
  const truths: { start: number; end: number }[][] = [];
  const server = serve(async (path, body) => {
    if (path !== "/v1/audio/speech") return new Response("not found", { status: 404 });
    if (server.requests.at(-1)!.headers.authorization !== `Bearer ${apiKey}`) {
      return Response.json({ error: { message: "Incorrect API key provided", type: "invalid_request_error" } }, { status: 401 });
    }
    const dir = mkdtempSync(join(work, "oa-"));
    // A natural-sounding voice with exact word times (festival HTS) plays the provider's part.
    const [raw] = await synthesizeWithFestival("slt", chunkScript(splitWords(String(body.input)), 10_000), dir);
    truths.push(raw!.words.map((w) => ({ start: w.start, end: w.end })));
    return new Response(readFileSync(raw!.wavPath), { headers: { "content-type": "audio/wav" } });
  });
  return Object.assign(server, { truths });
}
