import type { TemplateId } from "../templates/template.ts";

/** Narration pace the spec uses for estimates of caller-written text. */
export const CHARS_PER_SECOND = 15;
const ARTICLE_SECONDS = { short: 30, standard: 60, deep: 90 } as const;
const QUIZ_INTRO_SECONDS = 3;
const QUIZ_OUTRO_SECONDS = 3;
/** Reading a question and its four options, then revealing the answer with its fact line. */
const QUIZ_QUESTION_SECONDS = 7;
const QUIZ_REVEAL_SECONDS = 4;
const STORY_TAIL_SECONDS = 1.5;
const IMAGE_HOLD_SECONDS = 3;
const TYPING_SECONDS = 0.8;
const GAP_LABEL_SECONDS = 0.9;

export interface DurationEstimate {
  /** Expected length of the video. */
  videoSeconds: number;
  /** Expected narration length, the basis of narration credits. */
  narrationSeconds: number;
}

const speech = (chars: number, speed = 1) => chars / CHARS_PER_SECOND / speed;

/** Pure estimate from validated, default-filled inputs. */
export function estimateDuration(template: TemplateId, inputs: Record<string, any>): DurationEstimate {
  switch (template) {
    case "article_video": {
      const seconds = ARTICLE_SECONDS[inputs.length as keyof typeof ARTICLE_SECONDS];
      return { videoSeconds: seconds + 1, narrationSeconds: inputs.silent ? 0 : seconds };
    }
    case "quiz_video": {
      const count = inputs.questionCount as number;
      const perQuestion = QUIZ_QUESTION_SECONDS + (inputs.countdownSeconds as number) + QUIZ_REVEAL_SECONDS;
      const narration = count * (QUIZ_QUESTION_SECONDS + QUIZ_REVEAL_SECONDS) + QUIZ_INTRO_SECONDS;
      return {
        videoSeconds: QUIZ_INTRO_SECONDS + count * perQuestion + QUIZ_OUTRO_SECONDS,
        narrationSeconds: inputs.silent ? 0 : narration,
      };
    }
    case "reddit_story": {
      const narration = speech(inputs.title.length + inputs.text.length, inputs.voiceSpeed);
      return { videoSeconds: narration + STORY_TAIL_SECONDS, narrationSeconds: narration };
    }
    case "fake_text_message": {
      const pacingMs = { fast: 0, normal: 0, slow: 1000 }[inputs.pacing as "fast" | "normal" | "slow"];
      let narration = 0;
      let total = inputs.hookText ? (inputs.hookText.seconds ?? 2) : 0;
      for (const m of inputs.messages as Record<string, any>[]) {
        const clip = m.text ? speech(m.text.length) : IMAGE_HOLD_SECONDS;
        if (m.text) narration += clip;
        total += clip + (m.delayMs ?? pacingMs) / 1000;
        if (m.typingIndicatorBefore) total += TYPING_SECONDS;
        if (m.gapLabel) total += GAP_LABEL_SECONDS;
      }
      if (inputs.endCard) total += inputs.endCard.seconds ?? 2.5;
      return { videoSeconds: total, narrationSeconds: narration };
    }
  }
}
