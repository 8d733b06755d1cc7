import { Type } from "@sinclair/typebox";
import { FPS, type ImageLayer, type Timeline } from "../../../render/timeline.ts";
import type { CaptionPresetId } from "../../../render/captions/presets.ts";
import { safeCardX } from "../../../render/safe-area.ts";
import { speechWindows } from "../music-bed.ts";
import { readingTimes } from "../reading-pace.ts";
import { storedAs } from "../stages.ts";
import { CARD_MARGIN, CARD_WIDTH, type optionBox, TIMER_BAR, TIMER_SIZE } from "./cards.ts";

import type { QuizLines } from "./quiz-lines.ts";

export { type QuizLines, quizLines, shortFact, spokenOptions } from "./quiz-lines.ts";

export interface QuizClip {
  /** Null when the video is silent. */
  audioPath: string | null;
  duration: number;
  words: { text: string; start: number; end: number }[];
}

export interface QuizNarration {
  intro: QuizClip;
  questions: { ask: QuizClip; reveal: QuizClip }[];
  outro: QuizClip;
}

const QuizClipOutput = Type.Object({
  audioPath: Type.Union([Type.String(), Type.Null()]),
  duration: Type.Number(),
  words: Type.Array(Type.Object({ text: Type.String(), start: Type.Number(), end: Type.Number() })),
});

/** How the narrating stage's output is stored. */
export const QuizNarrationOutput = storedAs<QuizNarration>()(
  Type.Object({ intro: QuizClipOutput, questions: Type.Array(Type.Object({ ask: QuizClipOutput, reveal: QuizClipOutput })), outro: QuizClipOutput }),
);

type Box = ReturnType<typeof optionBox>;

export interface QuizCards {
  intro: string;
  outro: string;
  /** Each option is its own PNG, drawn at `box` on the card, shown from the moment it is read. */
  questions: { question: string; options: { path: string; box: Box }[]; reveal: string }[];
  /** digits[n - 1] shows the number n. */
  digits: string[];
  /** The timer bar, full then empty side by side. */
  bar: string;
}

export interface QuizLayout {
  countdownSeconds: number;
  captionsEnabled: boolean;
  captionPreset: CaptionPresetId;
  background: Timeline["background"];
}

/**
 * The quiz's pace, shared by the planner and the estimate. A question costs its reading, the countdown the
 * caller chose, and the reveal's line: about 3.8 + countdown + 3.5 s with the offline voices.
 */
export const QUIZ_PACE = {
  /** The narrator reads questions and answers faster than its own pace, as the genre does. */
  speed: 1.3,
  /** The intro card stays this long after its line. */
  afterIntro: 0.2,
  /** From the question's last word to the countdown. */
  beforeCountdown: 0.15,
  /** The reveal's line starts this long after the answer shows. */
  revealLead: 0.05,
  /** The answer stays this long after its line. */
  afterReveal: 0.2,
  /** The outro card stays this long after its line: the video ends on it. */
  afterOutro: 0.6,
  /**
   * Lines as long as a typical pack's, read by the offline voices at `speed` (measured over packs of the
   * offline question sources: capitals, elements, Pokémon types): what the estimate plans with before the
   * lines exist.
   */
  typicalSeconds: { intro: 1.5, ask: 3.6, reveal: 3.25, outro: 1.2 },
} as const;

/** A silent clip lasts as long as reading it would (at least 1.5 s); it has no captions. */
export function silentClip(text: string): QuizClip {
  return { audioPath: null, duration: Math.max(1.5, readingTimes(text).duration), words: [] };
}

/** Where the card's top edge sits: lower when captions take the top band. */
export function cardTop(captionsEnabled: boolean): number {
  return captionsEnabled ? 540 : 440;
}

const frame = (t: number) => Math.round(t * FPS) / FPS;

interface Window {
  start: number;
  end: number;
}

export interface QuizSchedule {
  intro: Window;
  questions: { ask: Window; countdown: Window; reveal: Window }[];
  outro: Window;
  duration: number;
}

/** Pure: when each part of a quiz shows, from its lines' lengths and the countdown. Every time is on a frame. */
export function quizSchedule(seconds: { intro: number; questions: readonly { ask: number; reveal: number }[]; outro: number }, countdownSeconds: number): QuizSchedule {
  const intro = { start: 0, end: frame(seconds.intro + QUIZ_PACE.afterIntro) };
  let t = intro.end;
  const questions = seconds.questions.map((q) => {
    const ask = { start: frame(t), end: frame(t + q.ask + QUIZ_PACE.beforeCountdown) };
    const countdown = { start: ask.end, end: frame(ask.end + countdownSeconds) };
    const reveal = { start: countdown.end, end: frame(countdown.end + QUIZ_PACE.revealLead + q.reveal + QUIZ_PACE.afterReveal) };
    t = reveal.end;
    return { ask, countdown, reveal };
  });
  const outro = { start: frame(t), end: frame(t + seconds.outro + QUIZ_PACE.afterOutro) };
  return { intro, questions, outro, duration: outro.end };
}

/** When each option is read: its first word's time in the clip, or in a silent clip, at the reading pace. */
function optionTimes(clip: QuizClip, line: QuizLines["questions"][number]): number[] {
  const reading = readingTimes(line.ask).words;
  return line.optionWords.map((index) => clip.words[index]?.start ?? reading[index]?.start ?? 0);
}

/**
 * Pure: a quiz as a Timeline. The intro card while the title is read; for each question its card while it
 * is read, each option popping in as it is read, then the countdown (a disc with the seconds left and a bar
 * emptying), then the reveal card while the answer and its fact are read; the outro card last, to the end.
 */
export function quizTimeline(narration: QuizNarration, lines: QuizLines, cards: QuizCards, layout: QuizLayout): { timeline: Timeline; reveals: number[]; countdowns: Window[] } {
  const cardX = safeCardX(CARD_WIDTH);
  const top = cardTop(layout.captionsEnabled);
  const x = cardX - CARD_MARGIN;
  const y = top - CARD_MARGIN;
  const timerY = top - TIMER_SIZE - 30;
  const schedule = quizSchedule(
    { intro: narration.intro.duration, questions: narration.questions.map((q) => ({ ask: q.ask.duration, reveal: q.reveal.duration })), outro: narration.outro.duration },
    layout.countdownSeconds,
  );
  const layers: ImageLayer[] = [];
  const audio: Timeline["audio"] = [];
  const words: { text: string; start: number; end: number }[] = [];
  const spoken: { start: number; end: number }[] = [];
  const speak = (clip: QuizClip, at: number) => {
    if (clip.audioPath) {
      audio.push({ path: clip.audioPath, start: at, volume: 1, kind: "narration" });
      // The bed ducks under the words, or under the whole clip when it has no word times.
      spoken.push(...(clip.words.length > 0 ? clip.words.map((w) => ({ start: at + w.start, end: at + w.end })) : [{ start: at, end: at + clip.duration }]));
    }
    for (const w of clip.words) words.push({ text: w.text, start: at + w.start, end: at + w.end });
  };

  layers.push({ path: cards.intro, x, y, ...schedule.intro, entrance: "pop" });
  speak(narration.intro, 0.1);

  schedule.questions.forEach(({ ask, countdown, reveal }, i) => {
    const q = narration.questions[i]!;
    const drawn = cards.questions[i]!;
    layers.push({ path: drawn.question, x, y, start: ask.start, end: reveal.start, entrance: "slide-up" });
    const shownAt = optionTimes(q.ask, lines.questions[i]!);
    drawn.options.forEach((option, k) => {
      // Never before the card has slid in, and every option is up before the countdown.
      const at = frame(Math.min(countdown.start - 0.2, Math.max(ask.start + 0.25, ask.start + shownAt[k]!)));
      layers.push({ path: option.path, x: cardX + option.box.x, y: top + option.box.y, start: at, end: reveal.start, entrance: "pop" });
    });
    for (let s = 0; s < layout.countdownSeconds; s++) {
      const n = layout.countdownSeconds - s;
      const window = { start: frame(countdown.start + s), end: s === layout.countdownSeconds - 1 ? countdown.end : frame(countdown.start + s + 1) };
      layers.push({ path: cards.digits[n - 1]!, x, y: timerY - CARD_MARGIN, ...window, entrance: s === 0 ? "pop" : "none" });
    }
    layers.push({
      path: cards.bar,
      x: cardX + TIMER_BAR.x,
      y: timerY + TIMER_BAR.y,
      ...countdown,
      motion: { kind: "sweep", dx: TIMER_BAR.width, seconds: layout.countdownSeconds },
    });
    layers.push({ path: drawn.reveal, x, y, ...reveal });
    speak(q.ask, ask.start);
    speak(q.reveal, reveal.start + QUIZ_PACE.revealLead);
  });

  layers.push({ path: cards.outro, x, y, ...schedule.outro, entrance: "pop" });
  speak(narration.outro, schedule.outro.start + 0.1);

  const timeline: Timeline = { duration: schedule.duration, background: layout.background, layers, audio, speech: speechWindows(spoken) };
  if (layout.captionsEnabled && words.length > 0) timeline.captions = { words, preset: layout.captionPreset, position: "top" };
  return { timeline, reveals: schedule.questions.map((q) => q.reveal.start), countdowns: schedule.questions.map((q) => q.countdown) };
}
