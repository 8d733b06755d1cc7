import type { QuizPack } from "../../content/quiz/pack.ts";
import type { QuizQuestion } from "../../content/quiz/question.ts";
import { splitWords } from "../../narration/words.ts";

/** What each narrated line says; the video follows this order. */
export interface QuizLines {
  intro: string;
  /**
   * `optionWords[k]`: the index in `ask` of option k's first word, where the option is shown; `fact`: the
   * short fact the reveal reads and its card shows.
   */
  questions: { ask: string; optionWords: number[]; reveal: string; fact: string }[];
  outro: string;
}

/** The longest fact line a reveal reads: about three seconds at the quiz's pace. */
const FACT_CHARS = 64;

/** A figure to two significant digits, as it is said: 1,648,195 is "1.6 million", 88,361 is "88,000". */
function roundFigure(n: number): string {
  if (n >= 1e6) return `${n >= 1e7 ? Math.round(n / 1e6) : Math.round(n / 1e5) / 10} million`;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return (Math.round(n / unit) * unit).toLocaleString("en-US");
}

/** "about 1,648,195" reads as "about 1.6 million": what "about" already says, in a third of the time. */
function roundAbout(text: string): string {
  return text.replace(/\babout (\d{1,3}(?:,\d{3})+|\d{5,})(?![\d.,]\d)/g, (_, digits: string) => `about ${roundFigure(Number(digits.replace(/,/g, "")))}`);
}

const wordsOf = (text: string) => new Set(splitWords(text.toLowerCase()).map((w) => w.text.replace(/[^\p{L}\p{N}]/gu, "")));

/**
 * The fact a reveal reads and shows, kept short: a sentence that only restates the question and its
 * answer ("Paris is the capital of France.") is skipped, a long one ends at its first clause that stands
 * alone (", and", ", with", ";", " and "), and a large figure after "about" is rounded. Every fact still
 * comes from the pack's fact line.
 */
export function shortFact(q: Pick<QuizQuestion, "question" | "options" | "answerIndex" | "fact">): string {
  const known = wordsOf(`${q.question} ${q.options[q.answerIndex]} a an the is was of in`);
  const sentences = q.fact.split(/(?<=[.!?])\s+/).filter(Boolean);
  const told = roundAbout(sentences.find((s) => [...wordsOf(s)].some((w) => w !== "" && !known.has(w))) ?? "");
  if (told.length <= FACT_CHARS) return told;
  for (const cut of [/, and /, /, with /, /; /, /, which /, / and /]) {
    const at = told.search(cut);
    if (at >= 20 && at <= FACT_CHARS) return `${told.slice(0, at)}.`;
  }
  return told;
}

/** An option as it is read: "Dark/Flying" is "Dark Flying" (a voice reads the slash). */
const spoken = (option: string) => option.replace(/\s*\/\s*/g, " ");

/**
 * A question's options as they are read, said as a person would list them: a year of the same century as
 * the year before it is said short ("1921, '29, '36, '34": each full year took a second to say; "1995,
 * 2000, 1984, '91"), and options that are one word and a
 * number say the word once ("Generation 4, 1, 2, 3"). A year ending 00-09 is read whole ("'05" is unclear).
 * The card still shows every option in full.
 */
export function spokenOptions(options: readonly string[]): string[] {
  const said = options.map(spoken);
  if (said.every((o) => /^\d{4}$/.test(o))) {
    return said.map((o, k) => (k > 0 && o[2] !== "0" && o.slice(0, 2) === said[k - 1]!.slice(0, 2) ? `'${o.slice(2)}` : o));
  }
  const numbered = said.map((o) => /^(\p{L}+) (\d+)$/u.exec(o));
  if (numbered.every((m) => m !== null && m[1] === numbered[0]![1])) return said.map((o, k) => (k > 0 ? numbered[k]![2]! : o));
  return said;
}

/**
 * Pure: the narrated lines of a pack, as brisk as the genre. The question is read, then its options without
 * their letters ("Paris, Lyon, Nice, Lille.", see spokenOptions), each shown as it is read; the reveal names the answer and its
 * short fact. The intro card shows the number of questions and the outro card asks for comments: the voice
 * does not repeat them. Connective words only; every fact comes from the pack.
 */
export function quizLines(pack: QuizPack, title: string): QuizLines {
  return {
    intro: `${/[.!?]$/.test(title) ? title : `${title}!`} Let's go!`,
    questions: pack.questions.map((q) => {
      const optionWords: number[] = [];
      const said = spokenOptions(q.options);
      let at = splitWords(q.question).length;
      for (const option of said) {
        optionWords.push(at);
        at += splitWords(option).length;
      }
      const fact = shortFact(q);
      return {
        ask: `${q.question} ${said.map((o, k) => `${o}${k === said.length - 1 ? "." : ","}`).join(" ")}`,
        optionWords,
        reveal: `${spoken(q.options[q.answerIndex]!)}!${fact ? ` ${fact}` : ""}`,
        fact,
      };
    }),
    outro: "How many did you get right?",
  };
}
