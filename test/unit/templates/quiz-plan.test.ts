import { describe, expect, test } from "bun:test";
import { insideSafeArea } from "../../../render/safe-area.ts";
import { FPS, timelineProblems } from "../../../render/timeline.ts";
import { buildOfflinePack } from "../../../src/content/quiz/pack.ts";
import { optionBox } from "../../../src/templates/quiz-video/cards.ts";
import { QUIZ_PACE, type QuizClip, quizLines, quizSchedule, quizTimeline, shortFact, silentClip, spokenOptions } from "../../../src/templates/quiz-video/quiz-plan.ts";
import { estimateQuiz } from "../../../src/templates/quiz-video/production.ts";
import { quizVideo } from "../../../src/templates/quiz-video/index.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

/** A clip whose words start one every 0.3 s. */
const clip = (text: string, path: string): QuizClip => {
  const words = text.split(/\s+/).map((w, i) => ({ text: w, start: 0.05 + i * 0.3, end: 0.3 + i * 0.3 }));
  return { audioPath: path, duration: words.at(-1)!.end + 0.05, words };
};

describe("quiz planner", () => {
  const pack = buildOfflinePack({ topic: "World capitals", difficulty: "easy", count: 5, seed: 4 });
  const lines = quizLines(pack, "Capitals!");
  const narration = {
    intro: clip(lines.intro, "intro.wav"),
    questions: lines.questions.map((q, i) => ({ ask: clip(q.ask, `ask${i}.wav`), reveal: clip(q.reveal, `reveal${i}.wav`) })),
    outro: clip(lines.outro, "outro.wav"),
  };
  const cards = {
    intro: "intro.png",
    outro: "outro.png",
    questions: pack.questions.map((q, i) => ({ question: `q${i}.png`, options: q.options.map((_, k) => ({ path: `q${i}-o${k}.png`, box: optionBox(q, k) })), reveal: `a${i}.png` })),
    digits: ["1.png", "2.png", "3.png", "4.png", "5.png"],
    bar: "bar.png",
  };
  const layout = { countdownSeconds: 5, captionsEnabled: true, captionPreset: "classicWhite" as const, background: { kind: "color" as const, color: "#000000" } };

  test("lines read each question and its options without letters, then the answer and a short fact", () => {
    expect(lines.intro).toBe("Capitals! Let's go!");
    expect(quizLines(pack, "Capitals?").intro).toBe("Capitals? Let's go!");
    pack.questions.forEach((q, i) => {
      const line = lines.questions[i]!;
      expect(line.ask).toStartWith(q.question);
      const words = line.ask.split(/\s+/);
      q.options.forEach((o, k) => expect(words.slice(line.optionWords[k]!).join(" ")).toStartWith(o));
      expect(line.reveal).toStartWith(`${q.options[q.answerIndex]}!`);
      expect(line.reveal).toContain(line.fact);
      expect(line.fact.length).toBeLessThanOrEqual(80);
    });
  });

  test("options are read as a person lists them: a shared century or a shared word said once, each option found where it is read", () => {
    expect(spokenOptions(["1921", "1929", "1936", "1934"])).toEqual(["1921", "'29", "'36", "'34"]);
    expect(spokenOptions(["1902", "1905", "1911", "1899"])).toEqual(["1902", "1905", "'11", "1899"]);
    expect(spokenOptions(["1910", "1905", "1911", "1901"])).toEqual(["1910", "1905", "'11", "1901"]);
    expect(spokenOptions(["1995", "2000", "1984", "1991"])).toEqual(["1995", "2000", "1984", "'91"]);
    expect(spokenOptions(["Generation 4", "Generation 1", "Generation 2", "Generation 3"])).toEqual(["Generation 4", "1", "2", "3"]);
    expect(spokenOptions(["Paris", "Lyon", "Dark/Flying", "Nice"])).toEqual(["Paris", "Lyon", "Dark Flying", "Nice"]);
    const years = buildOfflinePack({ topic: "American history", difficulty: "medium", count: 5, seed: 1 });
    for (const [i, line] of quizLines(years, "American history").questions.entries()) {
      const q = years.questions[i]!;
      const words = line.ask.split(/\s+/);
      q.options.forEach((o, k) => expect(words[line.optionWords[k]!]!.replace(/[,.]$/, "")).toBe(k === 0 ? o : `'${o.slice(2)}`));
      expect(line.reveal).toStartWith(`${q.options[q.answerIndex]}!`);
    }
  });

  test("a short fact skips a sentence that only restates the answer and ends a long one at a clause", () => {
    const q = { question: "What is the capital of France?", options: ["Paris", "Lyon", "Nice", "Lille"], answerIndex: 0 };
    expect(shortFact({ ...q, fact: "Paris is the capital of France. France covers about 551,695 square kilometres, and its currency is the euro." })).toBe(
      "France covers about 550,000 square kilometres.",
    );
    expect(shortFact({ ...q, fact: "Iron, symbol Fe, is element number 26, with an atomic mass of about 55.8." })).toBe("Iron, symbol Fe, is element number 26.");
    expect(shortFact({ ...q, fact: "Paris is the capital of France." })).toBe("");
    // A large figure after "about" is said rounded; an exact one is left as it is.
    expect(shortFact({ ...q, fact: "Iran covers about 1,648,195 square kilometres." })).toBe("Iran covers about 1.6 million square kilometres.");
    expect(shortFact({ ...q, fact: "Serbia covers about 88,361 square kilometres." })).toBe("Serbia covers about 88,000 square kilometres.");
    expect(shortFact({ ...q, fact: "The tower is 1,083 feet tall." })).toBe("The tower is 1,083 feet tall.");
  });

  test("question card, options shown as they are read, then the countdown timer, then the reveal; windows on frames", () => {
    const { timeline, reveals, countdowns } = quizTimeline(narration, lines, cards, layout);
    expect(timelineProblems(timeline)).toEqual([]);
    for (const l of timeline.layers) {
      expect(Math.abs(l.start * FPS - Math.round(l.start * FPS))).toBeLessThan(1e-6);
      expect(Math.abs(l.end * FPS - Math.round(l.end * FPS))).toBeLessThan(1e-6);
    }
    const layer = (path: string) => timeline.layers.find((l) => l.path === path)!;
    const q0 = layer("q0.png");
    const a0 = layer("a0.png");
    expect(q0.end).toBeCloseTo(a0.start, 6);
    expect(a0.start).toBeCloseTo(reveals[0]!, 6);
    // Each option pops in when its first word is spoken, in order, before the countdown.
    const options = [0, 1, 2, 3].map((k) => layer(`q0-o${k}.png`));
    options.forEach((o, k) => {
      const spoken = q0.start + narration.questions[0]!.ask.words[lines.questions[0]!.optionWords[k]!]!.start;
      expect(Math.abs(o.start - spoken)).toBeLessThanOrEqual(1 / FPS);
      expect(o.end).toBeCloseTo(a0.start, 6);
      expect(o.entrance).toBe("pop");
    });
    // The countdown: one digit a second counting down, and a bar swept over exactly the countdown.
    const digits = timeline.layers.filter((l) => /^\d\.png$/.test(l.path) && l.start >= q0.start && l.end <= a0.start + 1e-6);
    expect(digits.map((b) => b.path)).toEqual(["5.png", "4.png", "3.png", "2.png", "1.png"]);
    expect(digits[4]!.end).toBeCloseTo(a0.start, 6);
    const bar = timeline.layers.find((l) => l.path === "bar.png" && l.start >= q0.start)!;
    expect(bar.motion).toEqual({ kind: "sweep", dx: expect.any(Number), seconds: 5 });
    expect([bar.start, bar.end]).toEqual([countdowns[0]!.start, countdowns[0]!.end]);
    expect(countdowns[0]!.end).toBeCloseTo(a0.start, 6);
    const revealAudio = timeline.audio.find((a) => a.path === "reveal0.wav")!;
    expect(revealAudio.start).toBeGreaterThanOrEqual(a0.start);
    expect(timeline.audio).toHaveLength(2 + 2 * 5);
    expect(timeline.captions!.position).toBe("top");
    // The outro card is on screen to the last frame.
    expect(layer("outro.png").end).toBeCloseTo(timeline.duration, 6);
  });

  test("the timer, the options and the cards' text stay inside the platforms' safe area", () => {
    for (const captionsEnabled of [false, true]) {
      const { timeline } = quizTimeline(narration, lines, cards, { ...layout, captionsEnabled });
      for (const l of timeline.layers.filter((l) => /-o\d\.png$/.test(l.path))) expect(insideSafeArea({ x: l.x, y: l.y, width: optionBox(pack.questions[0]!, 0).width, height: 108 })).toBe(true);
      const digit = timeline.layers.find((l) => l.path === "5.png")!;
      expect(insideSafeArea({ x: digit.x + 20, y: digit.y + 20, width: 150, height: 150 })).toBe(true);
      const bar = timeline.layers.find((l) => l.path === "bar.png")!;
      expect(insideSafeArea({ x: bar.x, y: bar.y, width: bar.motion!.kind === "sweep" ? bar.motion!.dx : 0, height: 46 })).toBe(true);
    }
  });

  test("a silent quiz has no audio and no captions but the same structure", () => {
    const silent = {
      intro: silentClip(lines.intro),
      questions: lines.questions.map((q) => ({ ask: silentClip(q.ask), reveal: silentClip(q.reveal) })),
      outro: silentClip(lines.outro),
    };
    const { timeline } = quizTimeline(silent, lines, cards, { ...layout, captionsEnabled: false, countdownSeconds: 3 });
    expect(timeline.audio).toEqual([]);
    expect(timeline.captions).toBeUndefined();
    expect(timeline.layers.filter((l) => l.path === "3.png")).toHaveLength(5);
    expect(timeline.layers.some((l) => l.path === "4.png")).toBe(false);
    // Options still come in one after another while the question would be read.
    const starts = [0, 1, 2, 3].map((k) => timeline.layers.find((l) => l.path === `q0-o${k}.png`)!.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(starts[3]!).toBeGreaterThan(starts[0]!);
  });

  test("the estimate plans with the planner's own schedule: five questions with the default countdown in at most 70 s", () => {
    const inputs = withDefaults(quizVideo, { topic: "World capitals" });
    const estimate = estimateQuiz(inputs);
    const t = QUIZ_PACE.typicalSeconds;
    expect(estimate.videoSeconds).toBe(quizSchedule({ intro: t.intro, questions: Array(5).fill({ ask: t.ask, reveal: t.reveal }), outro: t.outro }, 5).duration);
    expect(estimate.videoSeconds).toBeLessThanOrEqual(70);
    expect(estimateQuiz({ ...inputs, countdownSeconds: 7 }).videoSeconds - estimate.videoSeconds).toBeCloseTo(10, 1);
  });
});
