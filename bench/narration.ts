/**
 * Narration benchmark: for a 150-word paragraph and each offline engine, how much faster than real time
 * it speaks (engine alone and the whole narrator), and how far the delivered word starts are from the
 * engine's own; then the forced aligner's error against known truth. Run: bun bench/narration.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeForAlignment } from "../src/narration/decode.ts";
import { type RawNarration, chunkScript } from "../src/narration/engines/engine.ts";
import { synthesizeWithEspeak } from "../src/narration/engines/espeak.ts";
import { type FestivalVoice, synthesizeWithFestival } from "../src/narration/engines/festival.ts";
import { alignTimes } from "../src/narration/forced-align.ts";
import { offlineVoice } from "../src/narration/offline-voices.ts";
import { createOfflineNarrator } from "../src/narration/providers/offline.ts";
import { splitWords } from "../src/narration/words.ts";

const PARAGRAPH =
  "Every spring the river below our town floods the low meadow, and every spring the same family of herons comes back to fish in it. " +
  "My grandfather kept a notebook of their arrivals for forty-one years. The earliest was the eleventh of March, the latest the second of May. " +
  "He never photographed them. He said a picture would make him stop looking. When he died, my mother found the notebook in his coat pocket, " +
  "the pencil still tucked into the spine. Last year the council drained the meadow to build a car park, and the herons did not come. " +
  "This year, though, the river rose higher than anyone could remember, poured over the new tarmac, and turned it back into a lake for three weeks. " +
  "On the fourth morning my daughter shook me awake and pointed out of the window. Two grey shapes stood in the water, perfectly still. " +
  "I went downstairs, found the notebook, and wrote the date under my grandfather's last line.";

const dir = mkdtempSync(join(tmpdir(), "bench-narration-"));
const words = splitWords(PARAGRAPH);
const chunks = chunkScript(words);

function stats(errors: number[]) {
  const sorted = errors.filter(Number.isFinite).sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { mean: mean * 1000, p90: sorted[Math.floor(sorted.length * 0.9)]! * 1000 };
}

/** Word-start error between delivered timings and the engine's own, both taken from their first word. */
function startErrors(truth: { start: number }[], delivered: { start: number }[], tempo: number): number[] {
  const first = truth.findIndex((w) => Number.isFinite(w.start));
  return truth.map((w, i) => Math.abs((w.start - truth[first]!.start) / tempo - (delivered[i]!.start - delivered[first]!.start)));
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, (performance.now() - t0) / 1000];
}

console.log(`paragraph: ${words.length} words\n`);
console.log("engine              audio s  engine x real-time  narrator x real-time  start error mean / p90 (ms)");
const engines: { name: string; voiceId: string; run: () => Promise<RawNarration[]>; offline: "auto" | "espeak" }[] = [
  ...(["slt", "kal", "ked"] as FestivalVoice[]).map((v) => ({
    name: `festival ${v}${v === "slt" ? " (HTS)" : " (diphone)"}`,
    voiceId: { slt: "EXAVITQu4vr4xnSDxMaL", kal: "IKne3meq5aSn9XLyUdCD", ked: "pNInz6obpgDQGcFmaJgB" }[v],
    run: () => synthesizeWithFestival(v, chunks, mkdtempSync(join(dir, v))),
    offline: "auto" as const,
  })),
  { name: "espeak-ng", voiceId: "pNInz6obpgDQGcFmaJgB", run: async () => [await synthesizeWithEspeak({ name: "en-us+m3" }, chunks, join(dir, "espeak.wav"))], offline: "espeak" },
];
for (const engine of engines) {
  if (engine.name.startsWith("festival") && offlineVoice(engine.voiceId)!.festivalVoice !== engine.name.split(" ")[1]) {
    throw new Error(`bench voice ${engine.voiceId} is not voiced by ${engine.name}`);
  }
  await engine.run(); // warm-up: first festival start loads voices from disk
  const [raw, engineSeconds] = await timed(engine.run);
  const audio = raw.reduce((s, r) => s + r.duration, 0);
  const narrator = createOfflineNarrator({ engine: engine.offline });
  const [narration, narratorSeconds] = await timed(() => narrator.narrate({ text: PARAGRAPH, voiceId: engine.voiceId }, join(dir, `${engine.name}.wav`)));
  // Chunk-relative engine times, laid end to end as the narrator joins them.
  let offset = 0;
  const truth = raw.flatMap((r) => {
    const shifted = r.words.map((w) => ({ start: w.start + offset }));
    offset += r.duration;
    return shifted;
  });
  const error = stats(startErrors(truth, narration.words, offlineVoice(engine.voiceId)!.shape.tempo));
  console.log(
    `${engine.name.padEnd(20)}${audio.toFixed(1).padStart(7)}  ${(audio / engineSeconds).toFixed(1).padStart(17)}  ${(narration.duration / narratorSeconds).toFixed(1).padStart(19)}  ${error.mean.toFixed(1).padStart(12)} / ${error.p90.toFixed(1)}`,
  );
}

console.log("\nforced alignment (target: festival HTS audio with exact word times)");
const [target] = await synthesizeWithFestival("slt", chunkScript(words, 10_000), mkdtempSync(join(dir, "target")));
const targetSamples = await decodeForAlignment(target!.wavPath);
for (const [name, reference] of [
  ["festival kal reference", (await synthesizeWithFestival("kal", chunkScript(words, 10_000), mkdtempSync(join(dir, "ref"))))[0]!],
  ["espeak-ng reference", await synthesizeWithEspeak({ name: "en-us" }, chunkScript(words, 10_000), join(dir, "ref-espeak.wav"))],
] as const) {
  const [aligned, seconds] = await timed(async () => alignTimes(await decodeForAlignment(reference.wavPath), targetSamples, reference.words));
  const errors = aligned.map((a, i) => Math.abs(a.start - target!.words[i]!.start));
  const s = stats(errors);
  console.log(`${name.padEnd(24)} start error mean ${s.mean.toFixed(1)} ms, p90 ${s.p90.toFixed(1)} ms; ${(target!.duration / seconds).toFixed(1)}x real time`);
}
rmSync(dir, { recursive: true, force: true });
