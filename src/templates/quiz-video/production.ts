import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { narrateLines } from "../../narration/narrator.ts";
import { backgroundOf, moodMusic, seedOf, serverBackground } from "../media-choice.ts";
import { bedVolume, DEFAULT_MUSIC_VOLUME } from "../music-bed.ts";
import { soundCueTracks } from "../sound-cues.ts";
import type { StageOutputs, StageSpecs } from "../stages.ts";
import type { DurationEstimate, NarrationUsage, ProductionContext } from "../template.ts";
import type { QuizVideoInputs } from "./inputs.ts";
import { type CardStyle, introCardSvg, optionBox, optionSvg, outroCardSvg, questionCardSvg, revealCardSvg, timerBarSvg, timerDigitSvg } from "./cards.ts";
import { type QuizPackContent, QuizPackOutput, quizTitle, writeQuizContent } from "./pack-step.ts";
import { QUIZ_MUSIC_MOOD, quizSoundCues } from "./quiz-sounds.ts";
import { QUIZ_PACE, type QuizCards, type QuizClip, type QuizLines, quizLines, type QuizNarration, QuizNarrationOutput, quizSchedule, quizTimeline, silentClip } from "./quiz-plan.ts";

/** What quiz_video's stages make: the pack, then its narration. */
export interface QuizOutputs {
  generating_script: QuizPackContent;
  narrating: QuizNarration;
}

function allClips(n: QuizNarration): QuizClip[] {
  return [n.intro, ...n.questions.flatMap((q) => [q.ask, q.reveal]), n.outro];
}

/** Draws every card of the video once (cards already drawn by an earlier attempt are kept). */
async function drawCards(ctx: ProductionContext<QuizVideoInputs>, pack: QuizPackContent, lines: QuizLines, style: CardStyle, countdown: number): Promise<QuizCards> {
  const dir = join(ctx.workDir, "cards");
  mkdirSync(dir, { recursive: true });
  const jobs: Promise<void>[] = [];
  const draw = (name: string, svg: () => string) => {
    const path = join(dir, `${name}.png`);
    if (!existsSync(path)) jobs.push(ctx.ports.drawPng(svg(), path));
    return path;
  };
  const inputs = ctx.inputs;
  const total = pack.questions.length;
  const cards: QuizCards = {
    intro: draw("intro", () => introCardSvg(quizTitle(inputs), total, pack.difficulty, style)),
    outro: draw("outro", () => outroCardSvg(pack.credits, style)),
    questions: pack.questions.map((q, i) => ({
      question: draw(`q${i}`, () => questionCardSvg(q, i, total, style)),
      options: q.options.map((_, k) => ({ path: draw(`q${i}-o${k}`, () => optionSvg(q, k, style)), box: optionBox(q, k) })),
      // A fact line that only restates the answer is not read; the card still shows it.
      reveal: draw(`a${i}`, () => revealCardSvg(q, i, total, style, lines.questions[i]!.fact || q.fact)),
    })),
    digits: Array.from({ length: countdown }, (_, k) => draw(`n${k + 1}`, () => timerDigitSvg(k + 1, style))),
    bar: draw("timer-bar", () => timerBarSvg(style)),
  };
  await Promise.all(jobs);
  return cards;
}

/** The pack's lines narrated one by one (or timed at a reading pace when silent), by card. */
async function narrateQuiz(ctx: ProductionContext<QuizVideoInputs>, pack: QuizPackContent): Promise<QuizNarration> {
  const inputs = ctx.inputs;
  const lines = quizLines(pack, quizTitle(inputs));
  const texts = [lines.intro, ...lines.questions.flatMap((q) => [q.ask, q.reveal]), lines.outro];
  let clips: QuizClip[];
  if (inputs.silent) clips = texts.map(silentClip);
  else {
    const dir = join(ctx.workDir, "voice");
    mkdirSync(dir, { recursive: true });
    const recorded = await narrateLines(ctx.ports.narrator, texts.map((text) => ({ text, voiceId: inputs.voiceId, language: "en", speed: QUIZ_PACE.speed })), dir);
    clips = recorded.map((c) => ({ audioPath: c.audioPath, duration: c.duration, words: c.words }));
  }
  const narration: QuizNarration = {
    intro: clips[0]!,
    questions: pack.questions.map((_, i) => ({ ask: clips[1 + 2 * i]!, reveal: clips[2 + 2 * i]! })),
    outro: clips.at(-1)!,
  };
  return narration;
}

export const quizStages: StageSpecs<ProductionContext<QuizVideoInputs>, QuizOutputs> = {
  generating_script: { output: QuizPackOutput, run: (ctx) => writeQuizContent(ctx.inputs, ctx.ports.content, seedOf(ctx.videoId)) },
  narrating: {
    output: QuizNarrationOutput,
    run: (ctx, earlier) => narrateQuiz(ctx, earlier.get("generating_script")),
    files: (narration) => allClips(narration).flatMap((c) => (c.audioPath ? [c.audioPath] : [])),
  },
};

export async function composeQuiz(ctx: ProductionContext<QuizVideoInputs>, outputs: StageOutputs<QuizOutputs>) {
  const inputs = ctx.inputs;
  const pack = outputs.get("generating_script");
  const lines = quizLines(pack, quizTitle(inputs));
  const cards = await drawCards(ctx, pack, lines, { theme: inputs.theme, font: inputs.font }, inputs.countdownSeconds);
  const media = serverBackground(ctx);
  const { timeline, countdowns, reveals } = quizTimeline(outputs.get("narrating"), lines, cards, {
    countdownSeconds: inputs.countdownSeconds,
    captionsEnabled: inputs.captionsEnabled,
    captionPreset: "classicWhite",
    background: backgroundOf(media),
  });
  const music = moodMusic(ctx, QUIZ_MUSIC_MOOD[inputs.theme]);
  if (music) timeline.audio.push({ path: music, start: 0, volume: bedVolume(DEFAULT_MUSIC_VOLUME), kind: "music", loop: true });
  timeline.audio.push(...soundCueTracks(ctx.ports.library, quizSoundCues({ countdowns, reveals }), timeline.duration));
  return { timeline };
}

/** The quiz planned with lines of a typical length: the same schedule the video will follow. */
export function estimateQuiz(inputs: QuizVideoInputs): DurationEstimate {
  const typical = QUIZ_PACE.typicalSeconds;
  const questions = Array.from({ length: inputs.questionCount }, () => ({ ask: typical.ask, reveal: typical.reveal }));
  const schedule = quizSchedule({ intro: typical.intro, questions, outro: typical.outro }, inputs.countdownSeconds);
  const narration = typical.intro + inputs.questionCount * (typical.ask + typical.reveal) + typical.outro;
  return { videoSeconds: schedule.duration, narrationSeconds: inputs.silent ? 0 : narration };
}

/** Narration is billed across the whole pack, as recorded. */
export function quizUsage(_inputs: QuizVideoInputs, outputs: StageOutputs<QuizOutputs>): NarrationUsage {
  const seconds = allClips(outputs.get("narrating")).reduce((s, c) => s + (c.audioPath ? c.duration : 0), 0);
  return { billedSeconds: seconds, recordedSeconds: seconds };
}
