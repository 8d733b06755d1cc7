import type { QuizCategory } from "./categories.ts";
import { ContentError } from "../errors.ts";
import { countrySources } from "./countries.ts";
import { offlineTopicList } from "./coverage.ts";
import { elementSources } from "./elements.ts";
import { logoSource } from "./logos.ts";
import { pokemonSources } from "./pokemon.ts";
import { seededRandom } from "../../../render/seeded-random.ts";
import { type Difficulty, type QuestionSource, type QuizQuestion, shuffle } from "./question.ts";
import { RECORD_SOURCES } from "./record-sources.ts";
import { planTopic, type TopicPlan } from "./topics.ts";
import { PatternPicker } from "./wording.ts";

export const QUESTION_SOURCES: readonly QuestionSource[] = [...countrySources, ...elementSources, logoSource, ...pokemonSources, ...RECORD_SOURCES];

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

function coveredMessage(): string {
  return `Offline, questions come from built-in data on these topics (and narrower ones, such as a region or a decade): ${offlineTopicList()}. Configure an LLM (LLM_BASE_URL) for other topics.`;
}

/** Pure: which sources, regions and tags a topic asks for, or a PACK_FAILED ContentError naming what is covered. */
export function planOfflineTopic(topic: string, categoryId: QuizCategory | undefined): TopicPlan {
  return planTopic(QUESTION_SOURCES, topic, categoryId, { covered: coveredMessage(), regionDefault: countrySources });
}

/**
 * A pack from the offline data: questions from every matching source in turn, each subject asked about
 * once, no two worded after the same pattern and no two fact lines either. Fails with PACK_FAILED rather
 * than fill a pack with questions off the topic.
 */
export function buildOfflinePack(request: PackRequest): QuizPack {
  const { sources, regions, tags } = planOfflineTopic(request.topic, request.categoryId);
  const rng = seededRandom(request.seed);
  const queues = shuffle(sources, rng).map((s) => ({ source: s, questions: shuffle(s.questions(request.difficulty, rng, { regions, tags }), rng) }));
  const picker = new PatternPicker(rng);
  const subjects = new Set<string>();
  const used = new Set<QuestionSource>();
  while (picker.size < request.count && queues.some((q) => q.questions.length > 0)) {
    for (const queue of queues) {
      if (picker.size >= request.count) break;
      while (queue.questions.length > 0) {
        const q = queue.questions.shift()!;
        const key = q.subject ?? q.question;
        if (subjects.has(key) || !picker.add({ ...q, source: queue.source.id })) continue;
        subjects.add(key);
        used.add(queue.source);
        break;
      }
    }
  }
  if (picker.size < request.count) {
    throw new ContentError("PACK_FAILED", `Only ${picker.size} distinct questions exist offline for "${request.topic}"; ${request.count} were asked for. Ask for fewer questions or a wider topic.`);
  }
  return { topic: request.topic, difficulty: request.difficulty, questions: picker.picked(), credits: [...new Set([...used].map((s) => s.credit))], generator: "offline" };
}

/**
 * Null when the offline data can write a pack for the request, else why not: checked when a video or a
 * script is asked for, before anything is queued. Sources whose data is large (Pokémon, logos) have
 * subjects to spare and are not built here, so a serving process never loads them.
 */
export function offlineRefusal(request: Omit<PackRequest, "seed">): string | null {
  try {
    const { sources } = planOfflineTopic(request.topic, request.categoryId);
    if (sources.some((s) => s.large)) return null;
    buildOfflinePack({ ...request, seed: 1 });
    return null;
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
}
