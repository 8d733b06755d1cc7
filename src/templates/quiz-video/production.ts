import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { narrateLines } from "../../narration/narrator.ts";
import { seedOf, serverBackground } from "../media-choice.ts";
import { type Charges, type ProductionContext, recordNarration, type TemplateProduction, videoCharges, writeContent } from "../production.ts";
import { type CardStyle, countdownBadgeSvg, introCardSvg, outroCardSvg, questionCardSvg, revealCardSvg } from "./cards.ts";
import { type QuizPackContent, quizTitle, writeQuizContent } from "./pack-step.ts";
import { type QuizCards, type QuizClip, quizLines, type QuizNarration, quizTimeline, silentClip } from "./quiz-plan.ts";

function allClips(n: QuizNarration): QuizClip[] {
  return [n.intro, ...n.questions.flatMap((q) => [q.ask, q.reveal]), n.outro];
}

/** Draws every card of the video once (cards already drawn by an earlier attempt are kept). */
async function drawCards(ctx: ProductionContext, pack: QuizPackContent, style: CardStyle, countdown: number): Promise<QuizCards> {
  const dir = join(ctx.workDir, "cards");
  mkdirSync(dir, { recursive: true });
  const jobs: Promise<void>[] = [];
  const draw = (name: string, svg: () => string) => {
    const path = join(dir, `${name}.png`);
    if (!existsSync(path)) jobs.push(ctx.ports.drawPng(svg(), path));
    return path;
  };
  const inputs = ctx.inputs as Record<string, any>;
  const total = pack.questions.length;
  const cards: QuizCards = {
    intro: draw("intro", () => introCardSvg(quizTitle(inputs), total, pack.difficulty, style)),
    outro: draw("outro", () => outroCardSvg(pack.credits, style)),
    questions: pack.questions.map((q, i) => ({
      question: draw(`q${i}`, () => questionCardSvg(q, i, total, style)),
      reveal: draw(`a${i}`, () => revealCardSvg(q, i, total, style)),
    })),
    badges: Array.from({ length: countdown }, (_, k) => draw(`n${k + 1}`, () => countdownBadgeSvg(k + 1, style))),
  };
  await Promise.all(jobs);
  return cards;
}

export const quizVideoProduction: TemplateProduction = {
  stages: ["generating_script", "narrating"],

  async runStage(stage, ctx, outputs) {
    const inputs = ctx.inputs as Record<string, any>;
    if (stage === "generating_script") return writeContent("quiz_video", () => writeQuizContent(inputs, ctx.ports.content, seedOf(ctx.videoId)));
    if (stage === "narrating") {
      const pack = outputs.generating_script as QuizPackContent;
      const lines = quizLines(pack, quizTitle(inputs));
      const texts = [lines.intro, ...lines.questions.flatMap((q) => [q.ask, q.reveal]), lines.outro];
      let clips: QuizClip[];
      if (inputs.silent) clips = texts.map(silentClip);
      else {
        const dir = join(ctx.workDir, "voice");
        mkdirSync(dir, { recursive: true });
        const recorded = await recordNarration("quiz_video", () => narrateLines(ctx.ports.narrator, texts.map((text) => ({ text, voiceId: inputs.voiceId, language: "en" })), dir));
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
  },

  stageFiles(stage, output) {
    return stage === "narrating" ? allClips(output as QuizNarration).flatMap((c) => (c.audioPath ? [c.audioPath] : [])) : [];
  },

  async compose(ctx, outputs) {
    const inputs = ctx.inputs as Record<string, any>;
    const pack = outputs.generating_script as QuizPackContent;
    const cards = await drawCards(ctx, pack, { theme: inputs.theme, font: inputs.font }, inputs.countdownSeconds);
    const media = serverBackground(ctx);
    const { timeline } = quizTimeline(outputs.narrating as QuizNarration, cards, {
      countdownSeconds: inputs.countdownSeconds,
      captionsEnabled: inputs.captionsEnabled === true,
      captionPreset: "classicWhite",
      background: { kind: "video", path: media.backgroundPath, fitted: media.fitted },
    });
    return { timeline };
  },

  charges(_inputs, outputs, legacy): Charges {
    const seconds = allClips(outputs.narrating as QuizNarration).reduce((s, c) => s + (c.audioPath ? c.duration : 0), 0);
    return videoCharges(seconds, seconds, legacy);
  },
};
