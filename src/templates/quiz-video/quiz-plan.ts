import { FPS, type ImageLayer, type Timeline, VIDEO_WIDTH } from "../../../render/timeline.ts";
import type { CaptionPresetId } from "../../../render/captions/presets.ts";
import type { QuizPack } from "../../content/quiz/pack.ts";
import { readingTimes } from "../reading-pace.ts";
import { CARD_WIDTH } from "./cards.ts";

const LETTERS = ["A", "B", "C", "D"];

/** What each narrated line says; the video follows this order. */
export interface QuizLines {
  intro: string;
  questions: { ask: string; reveal: string }[];
  outro: string;
}

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

export interface QuizCards {
  intro: string;
  outro: string;
  questions: { question: string; reveal: string }[];
  /** badges[n - 1] shows the number n. */
  badges: string[];
}

export interface QuizLayout {
  countdownSeconds: number;
  captionsEnabled: boolean;
  captionPreset: CaptionPresetId;
  background: Timeline["background"];
}

/** Pure: the narrated lines of a pack. Connective words only; every fact comes from the pack. */
export function quizLines(pack: QuizPack, title: string): QuizLines {
  const n = pack.questions.length;
  return {
    intro: `${/[.!?]$/.test(title) ? title : `${title}.`} ${n} questions. Let's go!`,
    questions: pack.questions.map((q, i) => ({
      ask: `Question ${i + 1}. ${q.question} ${q.options.map((o, k) => `${LETTERS[k]}: ${o}.`).join(" ")}`,
      reveal: `The answer is ${LETTERS[q.answerIndex]}: ${q.options[q.answerIndex]}. ${q.fact}`,
    })),
    outro: "How many did you get right? Tell us in the comments.",
  };
}

/** A silent clip lasts as long as reading it would (at least 1.5 s); it has no captions. */
export function silentClip(text: string): QuizClip {
  return { audioPath: null, duration: Math.max(1.5, readingTimes(text).duration), words: [] };
}

/** Where the card sits: lower when captions take the top band. */
export function cardTop(captionsEnabled: boolean): number {
  return captionsEnabled ? 600 : 440;
}

const frame = (t: number) => Math.round(t * FPS) / FPS;
const GAP = 0.35;
const HOLD_AFTER_REVEAL = 0.9;

/**
 * Pure: a quiz as a Timeline. Intro card while the title is read; for each question the question card
 * while it is read and during the countdown (one badge per second), then the reveal card while the
 * answer and its fact are read; the outro card last. Every window starts on a frame.
 */
export function quizTimeline(narration: QuizNarration, cards: QuizCards, layout: QuizLayout): { timeline: Timeline; reveals: number[] } {
  const x = Math.round((VIDEO_WIDTH - CARD_WIDTH) / 2) - 20;
  const y = cardTop(layout.captionsEnabled) - 20;
  const layers: ImageLayer[] = [];
  const audio: Timeline["audio"] = [];
  const words: { text: string; start: number; end: number }[] = [];
  const reveals: number[] = [];
  const speak = (clip: QuizClip, at: number) => {
    if (clip.audioPath) audio.push({ path: clip.audioPath, start: at, volume: 1, kind: "narration" });
    for (const w of clip.words) words.push({ text: w.text, start: at + w.start, end: at + w.end });
  };

  let t = 0;
  const introEnd = frame(narration.intro.duration + GAP + 0.3);
  layers.push({ path: cards.intro, x, y, start: 0, end: introEnd, entrance: "pop" });
  speak(narration.intro, 0.15);
  t = introEnd;

  narration.questions.forEach((q, i) => {
    const askStart = frame(t);
    const countdownStart = frame(askStart + q.ask.duration + GAP);
    const revealStart = frame(countdownStart + layout.countdownSeconds);
    const end = frame(revealStart + q.reveal.duration + HOLD_AFTER_REVEAL);
    layers.push({ path: cards.questions[i]!.question, x, y, start: askStart, end: revealStart, entrance: "slide-up" });
    for (let s = 0; s < layout.countdownSeconds; s++) {
      const n = layout.countdownSeconds - s;
      layers.push({ path: cards.badges[n - 1]!, x: x + CARD_WIDTH - 130, y: y - 60, start: frame(countdownStart + s), end: frame(countdownStart + s + 1), entrance: "pop" });
    }
    layers.push({ path: cards.questions[i]!.reveal, x, y, start: revealStart, end });
    speak(q.ask, askStart);
    speak(q.reveal, revealStart + 0.1);
    reveals.push(revealStart);
    t = end;
  });

  const outroStart = frame(t);
  const duration = frame(outroStart + narration.outro.duration + GAP + 1);
  layers.push({ path: cards.outro, x, y, start: outroStart, end: duration, entrance: "pop" });
  speak(narration.outro, outroStart + 0.1);

  const timeline: Timeline = { duration, background: layout.background, layers, audio };
  if (layout.captionsEnabled && words.length > 0) timeline.captions = { words, preset: layout.captionPreset, position: "top" };
  return { timeline, reveals };
}
