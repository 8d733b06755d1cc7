import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { OFFLINE_TOPICS } from "../../src/content/quiz/coverage.ts";
import { buildOfflinePack } from "../../src/content/quiz/pack.ts";
import { planShaping } from "../../src/narration/audio-plan.ts";
import { chunkScript } from "../../src/narration/engines/engine.ts";
import { synthesizeWithFestival } from "../../src/narration/engines/festival.ts";
import { narrateLines } from "../../src/narration/narrator.ts";
import { offlineVoice } from "../../src/narration/offline-voices.ts";
import { createOfflineNarrator } from "../../src/narration/providers/offline.ts";
import { splitWords } from "../../src/narration/words.ts";
import { quizVideo } from "../../src/templates/quiz-video/index.ts";
import { QUIZ_PACE, quizLines, quizSchedule } from "../../src/templates/quiz-video/quiz-plan.ts";
import { withDefaults } from "../../src/templates/validate.ts";

const dir = mkdtempSync(join(tmpdir(), "quiz-pack-lengths-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const inputs = withDefaults(quizVideo, { topic: "x" });
/** Packs are drawn from a video's seed; two draws of each topic. */
const SEEDS = [1, 2];

/**
 * How long each line lasts as the offline narrator says it in the template's default voice at the quiz's
 * pace, without its ffmpeg passes: festival (the engine it uses for English) says every line in a few
 * runs, and the narrator's own shaping plan cuts each to its speech and speeds it up. The narrated
 * length is the plan's (the first test holds them together).
 */
async function plannedSeconds(texts: readonly string[], out: string): Promise<Map<string, number>> {
  const voice = offlineVoice(inputs.voiceId)!;
  const shape = { ...voice.shape, tempo: voice.shape.tempo * QUIZ_PACE.speed };
  const unique = [...new Set(texts)];
  const chunks = unique.map((text) => chunkScript(splitWords(text)));
  const lanes = Math.max(1, availableParallelism());
  const flat = chunks.flat();
  const size = Math.ceil(flat.length / lanes);
  const parts = await Promise.all(
    Array.from({ length: lanes }, (_, lane) => {
      const work = join(out, `lane-${lane}`);
      mkdirSync(work, { recursive: true });
      return synthesizeWithFestival(voice.festivalVoice, flat.slice(lane * size, (lane + 1) * size), work);
    }),
  );
  const segments = parts.flat();
  const seconds = new Map<string, number>();
  let at = 0;
  unique.forEach((text, i) => {
    const n = chunks[i]!.length;
    seconds.set(text, planShaping(segments.slice(at, at + n), shape, join(out, "unused.wav")).duration);
    at += n;
  });
  return seconds;
}

const linesOf = (topic: string, seed: number) => {
  const lines = quizLines(buildOfflinePack({ topic, difficulty: inputs.difficulty, count: 5, seed }), topic);
  return { lines, texts: [lines.intro, ...lines.questions.flatMap((q) => [q.ask, q.reveal]), lines.outro] };
};

test("a line's planned length is the length the offline narrator records", async () => {
  const { texts } = linesOf("World War 2", 1);
  const out = join(dir, "check");
  mkdirSync(out);
  const planned = await plannedSeconds(texts, out);
  const clips = await narrateLines(createOfflineNarrator({ engine: "auto" }), texts.map((text) => ({ text, voiceId: inputs.voiceId, language: "en", speed: QUIZ_PACE.speed })), out);
  clips.forEach((clip, i) => expect(Math.abs(clip.duration - planned.get(texts[i]!)!), texts[i]).toBeLessThan(0.05));
}, 300_000);

/**
 * The template promises about 70 s for five questions with the default countdown: every topic the offline
 * data covers, in the default voice, keeps it.
 */
test("every offline topic's five-question quiz lasts at most 70 s", async () => {
  const packs = OFFLINE_TOPICS.flatMap((c) => c.topics).flatMap((topic) => SEEDS.map((seed) => ({ topic, seed, ...linesOf(topic, seed) })));
  const out = join(dir, "all");
  mkdirSync(out);
  const seconds = await plannedSeconds(
    packs.flatMap((p) => p.texts),
    out,
  );
  const lengths = packs.map(({ topic, seed, texts, lines }) => {
    const d = texts.map((t) => seconds.get(t)!);
    const questions = lines.questions.map((_, i) => ({ ask: d[1 + 2 * i]!, reveal: d[2 + 2 * i]! }));
    return { pack: `${topic} (seed ${seed})`, seconds: Math.round(quizSchedule({ intro: d[0]!, questions, outro: d.at(-1)! }, inputs.countdownSeconds).duration * 10) / 10 };
  });
  lengths.sort((a, b) => b.seconds - a.seconds);
  console.log(`longest: ${lengths.slice(0, 5).map((l) => `${l.pack} ${l.seconds} s`).join(", ")}; shortest ${lengths.at(-1)!.pack} ${lengths.at(-1)!.seconds} s`);
  expect(lengths.filter((l) => l.seconds > 70)).toEqual([]);
}, 900_000);
