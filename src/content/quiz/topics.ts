import { ContentError } from "../errors.ts";
import { fold } from "../text.ts";
import type { QuizCategory } from "./categories.ts";
import { COUNTRY_WORDS, REGION_WORDS } from "./regions.ts";
import type { QuestionSource } from "./question.ts";

/** Words a topic may contain that say nothing about its subject. */
const FILLER = new Set(
  ("the of a an and or in on for about with to quiz quizzes trivia question questions test challenge guess name fun facts edition ultimate " +
    "can you your how well do know which what from around best famous popular common easy medium hard expert beginner level round part " +
    "game games time every each their its this these that is are great greatest top iconic classic legendary well known kids").split(" "),
);
/** Words of a topic that ask for anything at all. */
const GENERIC = new Set("general knowledge random mixed anything everything misc miscellaneous pub all things stuff".split(" "));
/** Words that name a whole quiz category ("a science quiz") without a source of its own. */
const CATEGORY_WORDS: Record<string, QuizCategory> = { science: "science", sciences: "science", scientific: "science" };

/**
 * Words that only say how wide a topic is ("world history", "food around the world"): they pick sources
 * only when nothing else in the topic does ("world capitals" still asks the country data).
 */
const WEAK = new Set(["world", "global", "international", "map"]);

/**
 * Phrases folded to one token before the topic is split into words, so that "world war 2" is not read
 * as "world" (countries) and "2", and "the 90s" keeps its digits. Longer phrases come first.
 */
const PHRASES: [RegExp, string][] = [
  [/\b(?:world war (?:2|two|ii)|second world war|ww ?(?:2|ii))\b/g, " ww2 "],
  [/\b(?:world war (?:1|one|i)|first world war|great war|ww ?(?:1|i))\b/g, " ww1 "],
  [/\bcold war\b/g, " coldwar "],
  [/\bspace race\b/g, " spacerace "],
  [/\bmiddle ages\b/g, " medieval "],
  [/\bworld cups?\b/g, " worldcup "],
  [/\bolympic games\b/g, " olympics "],
  [/\bsolar system\b/g, " solarsystem "],
  [/\bouter space\b/g, " space "],
  [/\bhuman body\b/g, " humanbody "],
  [/\bart history\b/g, " art "],
  [/\bclassical music\b/g, " classical composers "],
  [/\b(?:19)?([5-9]0)'?s\b/g, " 19$1s "],
  [/\b(?:20)?00'?s\b|\bnoughties\b/g, " 2000s "],
  [/\bfifties\b/g, " 1950s "],
  [/\bsixties\b/g, " 1960s "],
  [/\bseventies\b/g, " 1970s "],
  [/\beighties\b/g, " 1980s "],
  [/\bnineties\b/g, " 1990s "],
];

/**
 * Topic words that narrow a source to the subjects carrying a tag. A word naming a country's people
 * ("italian") narrows food, painters and composers to that country.
 */
const TAG_WORDS: Record<string, string> = {
  ww2: "ww2",
  ww1: "ww1",
  coldwar: "coldwar",
  spacerace: "space",
  medieval: "medieval",
  ancient: "ancient",
  "1950s": "1950s",
  "1960s": "1960s",
  "1970s": "1970s",
  "1980s": "1980s",
  "1990s": "1990s",
  "2000s": "2000s",
  renaissance: "renaissance",
  impressionist: "impressionism",
  impressionism: "impressionism",
  impressionists: "impressionism",
  baroque: "baroque",
  romantic: "romantic",
  italian: "italy",
  italy: "italy",
  japanese: "japan",
  japan: "japan",
  mexican: "mexico",
  mexico: "mexico",
  french: "france",
  france: "france",
  indian: "india",
  india: "india",
  chinese: "china",
  china: "china",
  spanish: "spain",
  spain: "spain",
  thai: "thailand",
  greek: "greece",
  german: "germany",
  dutch: "netherlands",
  british: "united-kingdom",
  korean: "south-korea",
  american: "united-states",
  russian: "russia",
  austrian: "austria",
  summer: "summer",
};

const singular = (w: string) => (w.endsWith("ies") ? `${w.slice(0, -3)}y` : w.endsWith("s") ? w.slice(0, -1) : w);
const sameWord = (a: string, b: string) => a === b || singular(a) === singular(b);

export interface TopicPlan {
  sources: QuestionSource[];
  regions: string[];
  tags: string[];
}

/** The words of a topic after folding, phrase tokens and region phrases are taken out. */
function topicWords(topic: string): { words: string[]; regions: string[] } {
  let text = ` ${fold(topic)} `;
  for (const [pattern, token] of PHRASES) text = text.replace(pattern, token);
  const regions: string[] = [];
  for (const phrase of Object.keys(REGION_WORDS).filter((k) => k.includes(" "))) {
    if (text.includes(phrase)) {
      regions.push(phrase);
      text = text.replace(phrase, " ");
    }
  }
  return { words: text.split(/[^\p{L}\p{N}]+/u).filter((w) => w && !FILLER.has(w)), regions };
}

/**
 * Pure: which sources, regions and tags a topic asks for, or a PACK_FAILED ContentError naming what is
 * covered. Matching is by whole words (and their plurals): a word no source knows refuses the topic
 * rather than let its other words pick questions off the subject.
 */
export function planTopic(
  all: readonly QuestionSource[],
  topic: string,
  categoryId: QuizCategory | undefined,
  context: { covered: string; regionDefault: readonly QuestionSource[] },
): TopicPlan {
  const { covered } = context;
  const { words, regions } = topicWords(topic);
  const strong = new Set<QuestionSource>();
  const weak = new Set<QuestionSource>();
  const tags = new Set<string>();
  const unknown: string[] = [];
  let generic = false;
  for (const word of words) {
    if (REGION_WORDS[word]) regions.push(word);
    else if (GENERIC.has(word)) generic = true;
    else {
      const category = CATEGORY_WORDS[word];
      const hits = category ? all.filter((s) => s.categories[0] === category) : all.filter((s) => s.keywords.some((k) => sameWord(k, word)));
      if (TAG_WORDS[word]) tags.add(TAG_WORDS[word]);
      else if (hits.length === 0) unknown.push(word);
      for (const h of hits) (WEAK.has(word) ? weak : strong).add(h);
    }
  }
  if (unknown.length > 0) {
    throw new ContentError("PACK_FAILED", `The topic "${topic}" is not covered by the offline question data (not understood: ${unknown.slice(0, 5).join(", ")}). ${covered}`);
  }
  let sources = [...(strong.size > 0 ? strong : weak)];
  // A word naming a kind of question ("world capitals") keeps only that kind: the topic's other words
  // would otherwise pull in every kind their data set can ask.
  const named = sources.filter((s) => s.kinds?.some((k) => words.some((w) => sameWord(w, k))));
  if (named.length > 0) sources = named;
  if (tags.size > 0) {
    const base = sources.length > 0 ? sources : [...all];
    sources = base.filter((s) => [...tags].every((t) => s.tags?.includes(t)));
    if (sources.length === 0) throw new ContentError("PACK_FAILED", `The offline question data has nothing on "${topic}" (${[...tags].join(", ")}). ${covered}`);
  }
  // Region and country words narrow to the sources whose subjects have a region ("flags of Europe");
  // a topic that is only a region gets the country questions.
  if (regions.length > 0 || words.some((w) => COUNTRY_WORDS.includes(w))) {
    const regional = sources.filter((s) => s.regional);
    if (regional.length > 0) sources = regional;
    else if (regions.length > 0 && sources.length === 0) sources = [...context.regionDefault];
    else if (regions.length > 0) throw new ContentError("PACK_FAILED", `The offline question data cannot narrow "${topic}" to a region. ${covered}`);
  }
  if (sources.length === 0) {
    const category = categoryId ?? "general-knowledge";
    if (!generic && regions.length === 0 && words.length > 0) throw new ContentError("PACK_FAILED", `The topic "${topic}" names no subject the offline data covers. ${covered}`);
    sources = all.filter((s) => s.categories.includes(category));
    if (sources.length === 0) throw new ContentError("PACK_FAILED", `No offline questions exist for the category ${category}. ${covered}`);
  } else if (categoryId) {
    // The category steers among the sources the topic asked for; it never replaces the topic.
    const steered = sources.filter((s) => s.categories.includes(categoryId));
    if (steered.length > 0) sources = steered;
  }
  return { sources, regions, tags: [...tags] };
}
