import { describe, expect, test } from "bun:test";
import { FPS, timelineProblems } from "../../../render/timeline.ts";
import { buildOfflinePack } from "../../../src/content/quiz/pack.ts";
import { type QuizClip, quizLines, quizTimeline, silentClip } from "../../../src/templates/quiz-video/quiz-plan.ts";

const clip = (duration: number, path: string): QuizClip => ({ audioPath: path, duration, words: [{ text: "word", start: 0.1, end: 0.5 }] });

describe("quiz planner", () => {
  const pack = buildOfflinePack({ topic: "World capitals", difficulty: "easy", count: 5, seed: 4 });
  const narration = {
    intro: clip(2, "intro.wav"),
    questions: pack.questions.map((_, i) => ({ ask: clip(4 + i * 0.1, `ask${i}.wav`), reveal: clip(3, `reveal${i}.wav`) })),
    outro: clip(2.5, "outro.wav"),
  };
  const cards = { intro: "intro.png", outro: "outro.png", questions: pack.questions.map((_, i) => ({ question: `q${i}.png`, reveal: `a${i}.png` })), badges: ["1.png", "2.png", "3.png", "4.png", "5.png"] };
  const layout = { countdownSeconds: 5, captionsEnabled: true, captionPreset: "classicWhite" as const, background: { kind: "color" as const, color: "#000000" } };

  test("lines read each question with its options, then the answer and its fact", () => {
    const lines = quizLines(pack, "Capitals!");
    expect(lines.intro).toBe("Capitals! 5 questions. Let's go!");
    expect(quizLines(pack, "Capitals").intro).toBe("Capitals. 5 questions. Let's go!");
    const q = pack.questions[0]!;
    expect(lines.questions[0]!.ask).toContain(q.question);
    for (const o of q.options) expect(lines.questions[0]!.ask).toContain(o);
    expect(lines.questions[0]!.reveal).toContain(q.options[q.answerIndex]!);
    expect(lines.questions[0]!.reveal).toContain(q.fact);
  });

  test("question card through the countdown, one badge per second counting down, then the reveal; windows on frames", () => {
    const { timeline, reveals } = quizTimeline(narration, cards, layout);
    expect(timelineProblems(timeline)).toEqual([]);
    for (const l of timeline.layers) {
      expect(Math.abs(l.start * FPS - Math.round(l.start * FPS))).toBeLessThan(1e-6);
      expect(Math.abs(l.end * FPS - Math.round(l.end * FPS))).toBeLessThan(1e-6);
    }
    const q0 = timeline.layers.find((l) => l.path === "q0.png")!;
    const a0 = timeline.layers.find((l) => l.path === "a0.png")!;
    expect(q0.end).toBeCloseTo(a0.start, 6);
    expect(a0.start).toBeCloseTo(reveals[0]!, 6);
    const badges = timeline.layers.filter((l) => /^\d\.png$/.test(l.path) && l.start >= q0.start && l.end <= a0.start + 1e-6);
    expect(badges.map((b) => b.path)).toEqual(["5.png", "4.png", "3.png", "2.png", "1.png"]);
    expect(badges[4]!.end).toBeCloseTo(a0.start, 6);
    expect(a0.start - q0.start).toBeGreaterThanOrEqual(narration.questions[0]!.ask.duration + 5);
    const revealAudio = timeline.audio.find((a) => a.path === "reveal0.wav")!;
    expect(revealAudio.start).toBeGreaterThanOrEqual(a0.start);
    expect(timeline.audio).toHaveLength(2 + 2 * 5);
    expect(timeline.captions!.position).toBe("top");
    expect(timeline.captions!.words).toHaveLength(12);
    const outro = timeline.layers.find((l) => l.path === "outro.png")!;
    expect(outro.end).toBeCloseTo(timeline.duration, 6);
  });

  test("a silent quiz has no audio and no captions but the same structure", () => {
    const lines = quizLines(pack, "Capitals");
    const silent = {
      intro: silentClip(lines.intro),
      questions: lines.questions.map((q) => ({ ask: silentClip(q.ask), reveal: silentClip(q.reveal) })),
      outro: silentClip(lines.outro),
    };
    const { timeline } = quizTimeline(silent, cards, { ...layout, captionsEnabled: false, countdownSeconds: 3 });
    expect(timeline.audio).toEqual([]);
    expect(timeline.captions).toBeUndefined();
    expect(timeline.layers.filter((l) => l.path === "3.png")).toHaveLength(5);
    expect(timeline.layers.some((l) => l.path === "4.png")).toBe(false);
  });
});
