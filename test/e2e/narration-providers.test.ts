import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readWavInfo } from "../../src/narration/engines/engine.ts";
import { NarrationError } from "../../src/narration/narrator.ts";
import { createElevenLabsNarrator } from "../../src/narration/providers/elevenlabs.ts";
import { createKokoroNarrator } from "../../src/narration/providers/kokoro.ts";
import { createOpenAiNarrator } from "../../src/narration/providers/openai.ts";
import { createNarrator } from "../../src/narration/service.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { splitWords } from "../../src/narration/words.ts";
import { fakeElevenLabs, fakeKokoro, fakeOpenAiSpeech } from "../fakes/speech-servers.ts";

const dir = mkdtempSync(join(tmpdir(), "providers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEXT = "Our neighbour built a boat in his garage. It took him nine years! When he finally opened the door, the boat was wider than the driveway.";
/** Short waits for the tests of a server that never answers. */
const FAST_RETRY = { attempts: 3, backoffMs: () => 20, timeoutMs: 500 };
/** The fakes synthesise every answer (espeak or festival, then ffmpeg): on a busy machine that takes seconds. */
const PATIENT_RETRY = { ...FAST_RETRY, timeoutMs: 20_000 };

function expectWellTimed(words: { text: string; start: number; end: number }[], duration: number) {
  expect(words.map((w) => w.text)).toEqual(splitWords(TEXT).map((w) => w.text));
  for (const [i, w] of words.entries()) {
    expect(w.end).toBeGreaterThan(w.start);
    expect(w.end).toBeLessThanOrEqual(duration);
    if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
  }
}

describe("ElevenLabs adapter", () => {
  const server = fakeElevenLabs("el-key");
  afterAll(() => server.stop());
  const narrator = createElevenLabsNarrator({ apiKey: "el-key", baseUrl: server.url, modelId: "eleven_multilingual_v2", retry: PATIENT_RETRY });

  test("sends the voice id, settings and key; character alignment becomes word timings", async () => {
    server.mode = "ok";
    const out = join(dir, "el.wav");
    const narration = await narrator.narrate({ text: TEXT, voiceId: "pNInz6obpgDQGcFmaJgB", speed: 1.1, stability: 40, similarity: 80 }, out);
    const request = server.requests.at(-1)!;
    expect(request.path).toBe("/v1/text-to-speech/pNInz6obpgDQGcFmaJgB/with-timestamps?output_format=mp3_44100_128");
    expect(request.body).toEqual({ text: TEXT, model_id: "eleven_multilingual_v2", voice_settings: { stability: 0.4, similarity_boost: 0.8, speed: 1.1 } });
    expect(narration.provider).toBe("elevenlabs");
    expect((await readWavInfo(out)).sampleRate).toBe(48000);
    expectWellTimed(narration.words, narration.duration);
  }, 30_000);

  test("a speed beyond ElevenLabs' range is finished as tempo", async () => {
    server.mode = "ok";
    await narrator.narrate({ text: TEXT, voiceId: "pNInz6obpgDQGcFmaJgB", speed: 1.25 }, join(dir, "el-fast.wav"));
    expect(server.requests.at(-1)!.body.voice_settings.speed).toBe(1.2);
  }, 30_000);

  test("a refused key fails at once, naming the provider and what it said", async () => {
    server.mode = "unauthorized";
    const before = server.requests.length;
    const error = await narrator.narrate({ text: TEXT, voiceId: "pNInz6obpgDQGcFmaJgB" }, join(dir, "x.wav")).catch((e) => e);
    expect(error).toBeInstanceOf(NarrationError);
    expect(error.message).toBe("elevenlabs: HTTP 401: Invalid API key");
    expect(server.requests.length - before).toBe(1);
  });

  test("a 500 is retried; a provider that keeps failing or hanging fails after the retries", async () => {
    server.mode = "fail-once";
    const narration = await narrator.narrate({ text: TEXT, voiceId: "pNInz6obpgDQGcFmaJgB" }, join(dir, "retry.wav"));
    expect(narration.words.length).toBe(splitWords(TEXT).length);
    server.mode = "always-500";
    const failed = await narrator.narrate({ text: TEXT, voiceId: "pNInz6obpgDQGcFmaJgB" }, join(dir, "x.wav")).catch((e) => e);
    expect(failed.message).toBe("elevenlabs: HTTP 500: the model is overloaded (after 3 attempts)");
    server.mode = "hang";
    const impatient = createElevenLabsNarrator({ apiKey: "el-key", baseUrl: server.url, modelId: "eleven_multilingual_v2", retry: FAST_RETRY });
    const before = server.requests.length;
    const hung = await impatient.narrate({ text: TEXT, voiceId: "pNInz6obpgDQGcFmaJgB" }, join(dir, "x.wav")).catch((e) => e);
    expect(hung.message).toBe("elevenlabs: no answer within 0.5 s (after 3 attempts)");
    expect(server.requests.length - before).toBe(3);
  }, 30_000);
});

describe("Kokoro-FastAPI adapter", () => {
  const server = fakeKokoro();
  afterAll(() => server.stop());
  const narrator = createKokoroNarrator({ baseUrl: server.url, retry: PATIENT_RETRY });

  test("captioned speech timestamps become the script's word timings", async () => {
    server.mode = "ok";
    const narration = await narrator.narrate({ text: TEXT, voiceId: "Xb7hH8MSUJpSbSDYk0k2" }, join(dir, "kokoro.wav"));
    const body = server.requests.at(-1)!.body;
    expect(body).toMatchObject({ model: "kokoro", input: TEXT, response_format: "wav", stream: false, return_timestamps: true });
    expect(body.voice).toStartWith("bf_"); // Alice: a British female voice
    expectWellTimed(narration.words, narration.duration);
  }, 30_000);

  test("a timeout is retried, then reported", async () => {
    server.mode = "hang";
    const impatient = createKokoroNarrator({ baseUrl: server.url, retry: FAST_RETRY });
    const error = await impatient.narrate({ text: TEXT, voiceId: "Xb7hH8MSUJpSbSDYk0k2" }, join(dir, "x.wav")).catch((e) => e);
    expect(error.message).toBe("kokoro: no answer within 0.5 s (after 3 attempts)");
    expect(error.retryable).toBe(true);
  }, 30_000);
});

describe("OpenAI-compatible speech adapter", () => {
  const server = fakeOpenAiSpeech("sk-test");
  afterAll(() => server.stop());
  const narrator = createOpenAiNarrator({ baseUrl: server.url, apiKey: "sk-test", model: "tts-1", retry: PATIENT_RETRY });

  test("forced alignment recovers the audio's word starts (mean error at most 50 ms)", async () => {
    server.mode = "ok";
    const narration = await narrator.narrate({ text: TEXT, voiceId: "EXAVITQu4vr4xnSDxMaL" }, join(dir, "openai.wav"));
    expect(server.requests.at(-1)!.body).toEqual({ model: "tts-1", input: TEXT, voice: expect.any(String), response_format: "wav", speed: 1 });
    expectWellTimed(narration.words, narration.duration);
    const truth = server.truths.at(-1)!;
    const firstTruth = truth[0]!.start;
    const firstOut = narration.words[0]!.start;
    const errors = truth.map((t, i) => Math.abs(t.start - firstTruth - (narration.words[i]!.start - firstOut)));
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    expect(mean).toBeLessThanOrEqual(0.05);
  }, 60_000);

  test("a server that does not answer is retried, then reported", async () => {
    server.mode = "hang";
    const impatient = createOpenAiNarrator({ baseUrl: server.url, apiKey: "sk-test", model: "tts-1", retry: FAST_RETRY });
    const error = await impatient.narrate({ text: TEXT, voiceId: "EXAVITQu4vr4xnSDxMaL" }, join(dir, "x.wav")).catch((e) => e);
    expect(error.message).toBe("openai: no answer within 0.5 s (after 3 attempts)");
    server.mode = "ok";
  }, 30_000);

  test("a wrong key is reported with the provider's message", async () => {
    const bad = createOpenAiNarrator({ baseUrl: server.url, apiKey: "sk-wrong", model: "tts-1", retry: FAST_RETRY });
    const error = await bad.narrate({ text: TEXT, voiceId: "EXAVITQu4vr4xnSDxMaL" }, join(dir, "x.wav")).catch((e) => e);
    expect(error.message).toBe("openai: HTTP 401: Incorrect API key provided");
  });
});

describe("provider selection", () => {
  test("offline by default; the first configured provider otherwise; a forced provider needs its settings", () => {
    expect(createNarrator(loadConfig({}).narration).provider).toBe("offline");
    expect(createNarrator(loadConfig({ KOKORO_BASE_URL: "http://k", OPENAI_TTS_BASE_URL: "http://o" }).narration).provider).toBe("openai");
    expect(createNarrator(loadConfig({ ELEVENLABS_API_KEY: "x", KOKORO_BASE_URL: "http://k" }).narration).provider).toBe("elevenlabs");
    expect(createNarrator(loadConfig({ ELEVENLABS_API_KEY: "x", NARRATION_PROVIDER: "offline" }).narration).provider).toBe("offline");
    expect(() => createNarrator(loadConfig({ NARRATION_PROVIDER: "kokoro" }).narration)).toThrow(/KOKORO_BASE_URL/);
  });
});
