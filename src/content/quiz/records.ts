import { asksFor, worded } from "./phrasing.ts";
import { askEach, type Difficulty, type Phrasing, type QuestionSource, type QuizQuestion, type SubjectFilter, withDistractors } from "./question.ts";
import type { QuizCategory } from "./categories.ts";

/** One kind of question over a table of records ("which planet is third from the Sun?"). */
export interface RecordKind<T> {
  id: string;
  /** Topic words that name this kind and no other. */
  kinds?: readonly string[];
  /** The correct option for a record, or null when the record cannot be asked this way. */
  answer(r: T): string | null;
  /**
   * Whether an option answers the record's question correctly, judged from the data alone: no distractor
   * may pass it, and tests check every generated question with it.
   */
  correct(r: T, option: string, all: readonly T[]): boolean;
  /** Distractor candidates, closest first; by default the other records' answers. */
  candidates?(r: T, all: readonly T[]): string[];
  /** What is asked, as a noun phrase for the generic wordings ("the planet third from the Sun"). */
  thing(r: T): string;
  /** Its own wordings, most natural first. */
  asks(r: T): string[];
  /** False: not asked on a topic narrowed by a tag (every answer would be the tag: "italian food" -> Italy). */
  askedWhenTagged?: boolean;
  /** Fact lines when the set's would give the answer away again. */
  facts?(r: T, all: readonly T[]): Phrasing[];
}

/** A table of hand-checked records and the kinds of question asked about it. */
export interface RecordSet<T> {
  categories: readonly QuizCategory[];
  keywords: readonly string[];
  credit: string;
  /** Loaded at first use: the data stays out of a process that only serves requests. */
  records(): readonly T[];
  name(r: T): string;
  /** 1: everyone knows it, 2: a quiz regular does, 3: hard. */
  level(r: T): 1 | 2 | 3;
  /** Fact lines about a record, each after its own pattern. */
  facts(r: T, all: readonly T[]): Phrasing[];
  /** Tag -> which records carry it ("ww2", "1990s", "italy"). */
  tags?: Record<string, (r: T) => boolean>;
  /** Region word -> whether a record lies there (the words of REGION_WORDS). */
  inRegion?(r: T, region: string): boolean;
  kinds: RecordKind<T>[];
}

const MAX_LEVEL: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3 };
/**
 * A level is widened rather than leave too few subjects to vary between packs: easy questions on a
 * narrow topic are still questions, and difficulty still picks the distractors.
 */
const MIN_POOL = 30;

function narrowed<T>(set: RecordSet<T>, difficulty: Difficulty, filter: SubjectFilter): T[] {
  const tags = (filter.tags ?? []).filter((t) => set.tags?.[t]);
  const picked = set.records().filter(
    (r) => tags.every((t) => set.tags![t]!(r)) && (filter.regions.length === 0 || !set.inRegion || filter.regions.some((g) => set.inRegion!(r, g))),
  );
  for (let level = MAX_LEVEL[difficulty]; level <= 3; level++) {
    const pool = picked.filter((r) => set.level(r) <= level);
    if (pool.length >= MIN_POOL || level === 3) return pool;
  }
  return picked;
}

/** Why a generated question is wrong by the data, or null: the test-facing check of a record source. */
function problemOf<T>(set: RecordSet<T>, kind: RecordKind<T>, q: QuizQuestion): string | null {
  const all = set.records();
  const record = all.find((r) => set.name(r) === q.subject);
  if (!record) return `no record named ${q.subject}`;
  if (new Set(q.options.map((o) => o.toLowerCase())).size !== 4) return `options repeat: ${q.options.join(", ")}`;
  if (q.options[q.answerIndex] !== kind.answer(record)) return `the marked option ${q.options[q.answerIndex]} is not the data's answer ${kind.answer(record)}`;
  const right = q.options.filter((o) => kind.correct(record, o, all));
  return right.length === 1 ? null : `${right.length} options are correct: ${right.join(", ")}`;
}

export type RecordSource = QuestionSource & Required<Pick<QuestionSource, "verify">>;

export function recordSources<T>(prefix: string, set: RecordSet<T>): RecordSource[] {
  return set.kinds.map((kind) => ({
    id: `${prefix}-${kind.id}`,
    categories: set.categories,
    keywords: [...set.keywords, ...(kind.kinds ?? [])],
    kinds: kind.kinds,
    credit: set.credit,
    tags: Object.keys(set.tags ?? {}),
    regional: set.inRegion !== undefined,
    verify: (q) => problemOf(set, kind, q),
    questions: (difficulty, rng, filter) => {
      if (kind.askedWhenTagged === false && (filter.tags ?? []).some((t) => set.tags?.[t])) return [];
      const all = set.records();
      return askEach(narrowed(set, difficulty, filter), set.name, (r) => {
        const answer = kind.answer(r);
        if (answer === null) return null;
        const candidates = kind.candidates?.(r, all) ?? all.filter((x) => x !== r).map((x) => kind.answer(x)).filter((x): x is string => x !== null);
        const options = withDistractors(answer, candidates.filter((c) => !kind.correct(r, c, all)), difficulty, rng);
        return options && worded(options, asksFor(kind.id, kind.thing(r), kind.asks(r)), (kind.facts ?? set.facts)(r, all));
      });
    },
  }));
}

/** "A", "A and B", "A, B and C". */
export function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** 1 -> "first" ... 12 -> "twelfth"; larger numbers as "13th". */
export function ordinal(n: number): string {
  const words = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"];
  if (n < words.length) return words[n]!;
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${s}`;
}
