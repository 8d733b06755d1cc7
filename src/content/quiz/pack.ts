import type { QuizCategory } from "./categories.ts";
import { ContentError } from "../errors.ts";
import { fold } from "../text.ts";
import { COUNTRY_WORDS, countrySources, REGION_WORDS } from "./countries.ts";
import { elementSources } from "./elements.ts";
import { logoSource } from "./logos.ts";
import { pokemonSources } from "./pokemon.ts";
import { type Difficulty, type QuestionSource, type QuizQuestion, seededRng, shuffle } from "./question.ts";

export const QUESTION_SOURCES: readonly QuestionSource[] = [...countrySources, ...elementSources, logoSource, ...pokemonSources];

export interface QuizPack {
  topic: string;
  difficulty: Difficulty;
  questions: QuizQuestion[];
  /** Licence credits of the data the questions came from. */
  credits: string[];
  generator: "offline" | "llm";
}

export interface PackRequest {
  topic: string;
  categoryId?: QuizCategory;
  difficulty: Difficulty;
  count: number;
  seed: number;
}

/** Categories the offline data covers; the others need an LLM. */
export const OFFLINE_CATEGORIES: readonly QuizCategory[] = [...new Set(QUESTION_SOURCES.flatMap((s) => s.categories))];

export const OFFLINE_COVERAGE =
  "capitals, currencies, languages, borders and regions of the world's countries (narrowed by region: Europe, Asia, Africa, Americas, Oceania, " +
  "South America, the Caribbean, the Middle East...), chemical elements (symbols, atomic numbers), brand logos, and Pokémon types and generations";

/** Words a topic may contain that say nothing about its subject. */
const FILLER = new Set(
  ("the of a an and or in on for about with to quiz quizzes trivia question questions test challenge guess name fun facts edition ultimate " +
    "can you your how well do know which what from around best famous popular common easy medium hard expert beginner level round part " +
    "game games time every each their its this these that is are").split(" "),
);
/** Words of a topic that ask for anything at all. */
const GENERIC = new Set("general knowledge random mixed anything everything misc miscellaneous pub all things stuff".split(" "));

const singular = (w: string) => (w.endsWith("ies") ? `${w.slice(0, -3)}y` : w.endsWith("s") ? w.slice(0, -1) : w);

function coveredMessage(): string {
  return `Offline, questions come from structured data about ${OFFLINE_COVERAGE} (categories ${OFFLINE_CATEGORIES.join(", ")}). Configure an LLM (LLM_BASE_URL) for other topics.`;
}

/** Pure: which sources and regions a topic asks for, or why the offline data cannot cover it. */
export function planTopic(topic: string, categoryId: QuizCategory | undefined): { sources: QuestionSource[]; regions: string[] } {
  let text = fold(topic);
  const regions: string[] = [];
  for (const phrase of Object.keys(REGION_WORDS).filter((k) => k.includes(" "))) {
    if (text.includes(phrase)) {
      regions.push(phrase);
      text = text.replace(phrase, " ");
    }
  }
  const words = text.split(/[^\p{L}]+/u).filter((w) => w && !FILLER.has(w));
  const matched = new Set<QuestionSource>();
  const unknown: string[] = [];
  let generic = false;
  for (const word of words) {
    if (REGION_WORDS[word]) {
      regions.push(word);
      continue;
    }
    if (GENERIC.has(word)) {
      generic = true;
      continue;
    }
    const hits = QUESTION_SOURCES.filter((s) => s.keywords.some((k) => k === word || singular(k) === singular(word)));
    if (hits.length === 0) unknown.push(word);
    for (const h of hits) matched.add(h);
  }
  if (unknown.length > 0) {
    throw new ContentError("PACK_FAILED", `The topic "${topic}" is not covered by the offline question data (not understood: ${unknown.slice(0, 5).join(", ")}). ${coveredMessage()}`);
  }
  let sources = [...matched];
  // A word naming a kind of question ("world capitals") keeps only that kind: the topic's other words
  // ("world") would otherwise pull in every kind their data set can ask.
  const named = sources.filter((s) => s.kinds?.some((k) => words.some((w) => w === k || singular(w) === singular(k))));
  if (named.length > 0) sources = named;
  // A country word narrows to country questions even when another of their keywords matched elsewhere.
  if (regions.length > 0 || words.some((w) => COUNTRY_WORDS.includes(w))) {
    const countryOnly = sources.filter((s) => countrySources.includes(s));
    sources = countryOnly.length > 0 ? countryOnly : regions.length > 0 ? [...countrySources] : sources;
  }
  if (sources.length === 0) {
    const category = categoryId ?? "general-knowledge";
    if (!generic && regions.length === 0 && words.length > 0) throw new ContentError("PACK_FAILED", `The topic "${topic}" names no subject the offline data covers. ${coveredMessage()}`);
    sources = QUESTION_SOURCES.filter((s) => s.categories.includes(category));
    if (sources.length === 0) throw new ContentError("PACK_FAILED", `No offline questions exist for the category ${category}. ${coveredMessage()}`);
  } else if (categoryId) {
    // The category steers among the sources the topic asked for; it never replaces the topic.
    const steered = sources.filter((s) => s.categories.includes(categoryId));
    if (steered.length > 0) sources = steered;
  }
  return { sources, regions };
}

/**
 * A pack from the offline data: questions from every matching source in turn, each subject asked about
 * once. Fails with PACK_FAILED rather than fill a pack with questions off the topic.
 */
export function buildOfflinePack(request: PackRequest): QuizPack {
  const { sources, regions } = planTopic(request.topic, request.categoryId);
  const rng = seededRng(request.seed);
  const queues = shuffle(sources, rng).map((s) => ({ source: s, questions: shuffle(s.questions(request.difficulty, rng, { regions }), rng) }));
  const questions: QuizQuestion[] = [];
  const subjects = new Set<string>();
  const used = new Set<QuestionSource>();
  while (questions.length < request.count && queues.some((q) => q.questions.length > 0)) {
    for (const queue of queues) {
      if (questions.length >= request.count) break;
      while (queue.questions.length > 0) {
        const q = queue.questions.shift()!;
        const key = q.subject ?? q.question;
        if (subjects.has(key)) continue;
        subjects.add(key);
        questions.push(q);
        used.add(queue.source);
        break;
      }
    }
  }
  if (questions.length < request.count) {
    throw new ContentError("PACK_FAILED", `Only ${questions.length} distinct questions exist offline for "${request.topic}"; ${request.count} were asked for. Ask for fewer questions or a wider topic.`);
  }
  return { topic: request.topic, difficulty: request.difficulty, questions, credits: [...new Set([...used].map((s) => s.credit))], generator: "offline" };
}
