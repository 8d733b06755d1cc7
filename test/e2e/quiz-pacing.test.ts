import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildOfflinePack } from "../../src/content/quiz/pack.ts";
import { narrateLines } from "../../src/narration/narrator.ts";
import { createOfflineNarrator } from "../../src/narration/providers/offline.ts";
import { QUIZ_PACE, quizLines, quizSchedule } from "../../src/templates/quiz-video/quiz-plan.ts";
import { quizVideo } from "../../src/templates/quiz-video/index.ts";
import { withDefaults } from "../../src/templates/validate.ts";

const dir = mkdtempSync(join(tmpdir(), "quiz-pacing-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A five-question quiz with the default countdown, narrated by the offline voice the template defaults
 * to at the quiz's pace, lasts at most 70 s: the question read briskly, the reveal and its fact short.
 */
test("five questions with the default countdown last at most 70 s, for packs of each offline source", async () => {
  const inputs = withDefaults(quizVideo, { topic: "x" });
  const narrator = createOfflineNarrator({ engine: "auto" });
  const measured = { ask: [] as number[], reveal: [] as number[] };
  for (const [topic, seed] of [["World capitals", 3], ["Chemical elements", 5], ["Pokemon types", 8]] as const) {
    const pack = buildOfflinePack({ topic, difficulty: "medium", count: 5, seed });
    const lines = quizLines(pack, topic);
    const texts = [lines.intro, ...lines.questions.flatMap((q) => [q.ask, q.reveal]), lines.outro];
    const out = join(dir, topic.replace(/\W/g, ""));
    mkdirSync(out);
    const clips = await narrateLines(narrator, texts.map((text) => ({ text, voiceId: inputs.voiceId, language: "en", speed: QUIZ_PACE.speed })), out);
    const questions = lines.questions.map((_, i) => ({ ask: clips[1 + 2 * i]!.duration, reveal: clips[2 + 2 * i]!.duration }));
    const schedule = quizSchedule({ intro: clips[0]!.duration, questions, outro: clips.at(-1)!.duration }, inputs.countdownSeconds);
    measured.ask.push(...questions.map((q) => q.ask));
    measured.reveal.push(...questions.map((q) => q.reveal));
    console.log(`${topic}: ${schedule.duration.toFixed(1)} s (intro ${clips[0]!.duration.toFixed(1)}, outro ${clips.at(-1)!.duration.toFixed(1)})`);
    expect(schedule.duration).toBeLessThanOrEqual(70);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`mean ask ${mean(measured.ask).toFixed(2)} s, mean reveal ${mean(measured.reveal).toFixed(2)} s`);
}, 240_000);
