/**
 * An 80-message chat's narration (the spec's most messages), made the way the fake_text_message template
 * makes it (narrateLines, the offline narrator, alternating voices), one line at a time and then as many
 * at once as the machine has cores, in one run: wall seconds of each and their ratio.
 * Run: bun bench/chat-narration.ts [messages]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { narrateLines } from "../src/narration/narrator.ts";
import { createOfflineNarrator } from "../src/narration/providers/offline.ts";

const LINES = [
  "Are you still coming to the lake on Saturday?",
  "Yes, but I might be a little late, the car is making that noise again.",
  "The grinding one or the whistling one?",
  "Both now, which feels like a bad sign.",
  "Take my bike, it only squeaks a little.",
  "Your bike has one pedal and no brakes.",
  "It has character. And a bell.",
  "I will ask my brother for a ride instead.",
  "Tell him to bring the big cooler this time.",
  "He says the cooler is full of fishing bait.",
];
// The template's default voices for the two sides of a chat.
const VOICES = ["EXAVITQu4vr4xnSDxMaL", "pNInz6obpgDQGcFmaJgB"];

const count = Number(process.argv[2] ?? 80);
const lines = Array.from({ length: count }, (_, i) => ({ text: LINES[i % LINES.length]!, voiceId: VOICES[i % 2]!, language: "en" }));
const narrator = createOfflineNarrator();
const cores = availableParallelism();
const dir = mkdtempSync(join(tmpdir(), "bench-chat-narration-"));
try {
  console.log(`${count} lines, offline narrator, ${cores} cores, load ${loadavg()[0]!.toFixed(1)} at start`);
  const seconds: number[] = [];
  for (const concurrency of [1, cores]) {
    const out = mkdtempSync(join(dir, `c${concurrency}-`));
    const started = performance.now();
    const clips = await narrateLines(narrator, lines, out, concurrency);
    seconds.push((performance.now() - started) / 1000);
    const spoken = clips.reduce((s, c) => s + c.duration, 0);
    console.log(`${String(concurrency).padStart(2)} at once: ${seconds.at(-1)!.toFixed(1)} s for ${spoken.toFixed(1)} s of speech`);
  }
  console.log(`ratio ${(seconds[1]! / seconds[0]!).toFixed(2)} (load ${loadavg()[0]!.toFixed(1)} at the end; the machine is shared)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
