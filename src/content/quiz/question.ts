import type { Random } from "../../../render/seeded-random.ts";
import type { QuizCategory } from "./categories.ts";

export type Difficulty = "easy" | "medium" | "hard";

export interface QuizQuestion {
  question: string;
  /** Four distinct options; exactly one is correct. */
  options: string[];
  answerIndex: number;
  /** One line narrated with the reveal. */
  fact: string;
  /** A logo drawn on the card (logos-brands): an SVG path in a 24x24 box and its colour. */
  logo?: { path: string; hex: string };
  /** What the question is about; a pack asks about each subject once. */
  subject?: string;
  /**
   * Other ways to word the question and the fact line. A pack words no two questions, and no two fact
   * lines, after the same pattern: its builder picks one of each from here.
   */
  asks?: Phrasing[];
  facts?: Phrasing[];
  /** The id of the source that asked it (offline packs). */
  source?: string;
  /** The patterns of `question` and `fact` as the pack chose them. */
  pattern?: string;
  factPattern?: string;
}

/** A wording and the pattern it follows ("capital:what-is"); hand-written lines are patterns of their own. */
export interface Phrasing {
  pattern: string;
  text: string;
}

/** Where offline questions come from: one kind of question over one data set. */
export interface QuestionSource {
  id: string;
  categories: readonly QuizCategory[];
  /** Topic words that ask for this kind of question. */
  keywords: readonly string[];
  /**
   * Topic words that name this kind of question and no other ("capitals", "currencies"): a topic naming a
   * kind gets only the kinds it names, whatever its other words ("world") would also allow.
   */
  kinds?: readonly string[];
  /** Licence credit shown in the video and returned with the pack. */
  credit: string;
  /** Tags its subjects carry that a topic may narrow to ("ww2", "1990s", "italy"). */
  tags?: readonly string[];
  /** Its subjects have a region ("flags of Europe"): region words narrow them. */
  regional?: boolean;
  /** Its data is large and loaded at first use (Pokédex, logos); it has subjects to spare. */
  large?: boolean;
  /**
   * Why a question this source asked is wrong by its data (the marked option is not the answer, another
   * option is also right, options repeat), or null: what tests check every generated question with.
   */
  verify?(q: QuizQuestion): string | null;
  /** Every question this source can ask at a difficulty, subject by subject; `filter` narrows the subjects. */
  questions(difficulty: Difficulty, rng: Rng, filter: SubjectFilter): QuizQuestion[];
}

export interface SubjectFilter {
  /** Region words of the topic ("europe", "south america"), for sources whose subjects have a region. */
  regions: string[];
  /** Tags the topic asks for ("ww2", "1990s", "italy"), for sources whose subjects carry them. */
  tags?: string[];
}

/** Where a pack's picks come from: `seededRandom(seed)` (render/seeded-random.ts), so a seed makes the same pack. */
export type Rng = Random;

export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One question per subject (a subject without one, e.g. too few distinct options, is skipped), tagged with it. */
export function askEach<T>(subjects: readonly T[], nameOf: (subject: T) => string, ask: (subject: T) => Omit<QuizQuestion, "subject"> | null): QuizQuestion[] {
  return subjects.flatMap((s) => {
    const q = ask(s);
    return q ? [{ ...q, subject: nameOf(s) }] : [];
  });
}

/**
 * Four options from a correct answer and ranked distractor candidates (closest first): hard takes the
 * closest, easy the farthest, medium a mix. Returns null when four distinct options cannot be found.
 */
export function withDistractors(correct: string, ranked: readonly string[], difficulty: Difficulty, rng: Rng): { options: string[]; answerIndex: number } | null {
  const pool = [...new Set(ranked.filter((x) => x !== correct && x.trim() !== ""))];
  if (pool.length < 3) return null;
  const third = Math.max(3, Math.floor(pool.length / 3));
  const band = difficulty === "hard" ? pool.slice(0, third) : difficulty === "easy" ? pool.slice(-third) : pool.slice(0, Math.max(3, Math.floor(pool.length * 0.66)));
  const picked = shuffle(band, rng).slice(0, 3);
  const options = shuffle([correct, ...picked], rng);
  return { options, answerIndex: options.indexOf(correct) };
}
