import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { narrateLines } from "../../narration/narrator.ts";
import { moodMusic, seedOf, serverBackground } from "../media-choice.ts";
import { bedVolume, DEFAULT_MUSIC_VOLUME } from "../music-bed.ts";
import { soundCueTracks } from "../sound-cues.ts";
import type { DurationEstimate, NarrationUsage, PreRenderStage, ProductionContext } from "../template.ts";
import type { QuizVideoInputs } from "./inputs.ts";
import { type CardStyle, introCardSvg, optionBox, optionSvg, outroCardSvg, questionCardSvg, revealCardSvg, timerBarSvg, timerDigitSvg } from "./cards.ts";
import { type QuizPackContent, quizTitle, writeQuizContent } from "./pack-step.ts";
import { QUIZ_MUSIC_MOOD, quizSoundCues } from "./quiz-sounds.ts";
import { QUIZ_PACE, type QuizCards, type QuizClip, type QuizLines, quizLines, type QuizNarration, quizSchedule, quizTimeline, silentClip } from "./quiz-plan.ts";

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

export async function runQuizStage(stage: PreRenderStage, ctx: ProductionContext<QuizVideoInputs>, outputs: Record<string, unknown>): Promise<unknown> {
  const inputs = ctx.inputs;
  if (stage === "generating_script") return writeQuizContent(inputs, ctx.ports.content, seedOf(ctx.videoId));
  if (stage === "narrating") {
    const pack = outputs.generating_script as QuizPackContent;
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
  throw new Error(`quiz_video has no ${stage} stage`);
}

export function quizStageFiles(stage: PreRenderStage, output: unknown): string[] {
  return stage === "narrating" ? allClips(output as QuizNarration).flatMap((c) => (c.audioPath ? [c.audioPath] : [])) : [];
}

export async function composeQuiz(ctx: ProductionContext<QuizVideoInputs>, outputs: Record<string, unknown>) {
  const inputs = ctx.inputs;
  const pack = outputs.generating_script as QuizPackContent;
  const lines = quizLines(pack, quizTitle(inputs));
  const cards = await drawCards(ctx, pack, lines, { theme: inputs.theme, font: inputs.font }, inputs.countdownSeconds);
  const media = serverBackground(ctx);
  const { timeline, countdowns, reveals } = quizTimeline(outputs.narrating as QuizNarration, lines, cards, {
    countdownSeconds: inputs.countdownSeconds,
    captionsEnabled: inputs.captionsEnabled,
    captionPreset: "classicWhite",
    background: { kind: "video", path: media.backgroundPath, fitted: media.fitted, startAt: media.backgroundStartAt },
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
export function quizUsage(_inputs: QuizVideoInputs, outputs: Record<string, unknown>): NarrationUsage {
  const seconds = allClips(outputs.narrating as QuizNarration).reduce((s, c) => s + (c.audioPath ? c.duration : 0), 0);
  return { billedSeconds: seconds, recordedSeconds: seconds };
}
