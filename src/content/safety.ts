import countries from "world-countries";
import { fold } from "./text.ts";

/**
 * Safety rules for generated and caller-written content. Profanity lists alone miss topics that target a
 * group of people ("why women are bad drivers"), so topics get a rule: a group term refused when it comes
 * with a stereotype cue, with a claim about the group, or as the bare subject; a group's food, history or
 * culture (a knowledge domain) passes.
 */

const PROFANE_STEMS = [
  "fuck", "motherfuck", "shit", "bullshit", "bitch", "cunt", "asshole", "arsehole", "dickhead", "wanker", "twat", "bastards",
  "porn", "porno", "pornography", "hentai", "nsfw", "blowjob", "handjob", "orgasm", "masturbat", "dildo", "erotica", "fetish",
  "nudes", "horny", "milf", "boobs", "tits", "titties", "cumshot", "gangbang", "threesome", "sexting", "stripper", "onlyfans",
  "nigger", "nigga", "faggot", "fag", "retard", "retarded", "kike", "spic(?![eiy])", "chink", "tranny", "dyke", "wetback", "raghead",
];
// Whole words, with the stems above allowed to take endings ("fucking", "shitty"); "Scunthorpe" and
// "assassin" stay clean because a match must start at a word boundary, and "spicy", "spiced" and "spices"
// because that stem takes no ending that starts a kitchen word.
const PROFANITY = new RegExp(`(^|[^\\p{L}])(${PROFANE_STEMS.join("|")})(s|es|ing|ed|er|ers|y|ty|ting)?(?=$|[^\\p{L}])`, "iu");

export function hasProfanity(text: string): boolean {
  return PROFANITY.test(fold(text));
}

/** Demonyms from the country data: adjectives ("Mexican", "French") and their plural nouns ("Mexicans"). */
function demonyms(): { adjectives: string[]; nouns: string[] } {
  const adjectives = new Set<string>();
  const nouns = new Set<string>();
  for (const c of countries as { demonyms?: Record<string, { m: string; f: string }> }[]) {
    const eng = c.demonyms?.eng;
    if (!eng) continue;
    for (const d of [eng.m, eng.f]) {
      const w = fold(d);
      if (!/^[a-z]+$/.test(w)) continue;
      adjectives.add(w);
      if (/(an|i)$/.test(w)) nouns.add(`${w}s`);
    }
  }
  return { adjectives: [...adjectives], nouns: [...nouns] };
}

const DEMONYMS = demonyms();

/** Words that name a group of people by themselves. */
const GROUP_NOUNS = new Set([
  ...DEMONYMS.nouns,
  ..."africans europeans westerners easterners caucasians muslims christians jews hindus buddhists sikhs atheists catholics mormons protestants arabs blacks whites asians latinos latinas hispanics gypsies aboriginals natives immigrants migrants refugees foreigners women men girls boys females males ladies wives husbands transgenders gays lesbians homosexuals bisexuals boomers millennials zoomers teenagers teens rednecks".split(" "),
]);

/** Words that describe people but also food, stars or holes ("Mexican food", "black holes"): a group only next to a person noun. */
const GROUP_ADJECTIVES = new Set([
  ...DEMONYMS.adjectives,
  ..."african european western muslim christian jewish islamic hindu buddhist sikh catholic arab black white asian latino hispanic gay lesbian queer trans transgender disabled autistic blind deaf elderly old fat obese poor homeless female male native indigenous immigrant".split(" "),
]);

const PERSON_NOUNS = new Set("people person persons folks guys women men girls boys kids children community communities families drivers students workers parents mothers fathers neighbours neighbors".split(" "));
/** Words that make a topic about a group a knowledge topic rather than a topic about the people. */
const DOMAINS = new Set(
  (
    "food foods cuisine cuisines dish dishes recipes cooking drinks history historical culture cultures cultural art arts music songs " +
    "literature books poetry language languages holidays festivals traditions customs architecture science scientists inventions " +
    "inventors contributions achievements rights movement movements geography cities capitals countries empire empires dynasty " +
    "dynasties mythology myths folklore sports athletes olympics football soccer cricket writers authors painters artists leaders " +
    "presidents kings queens rulers landmarks monuments heritage philosophy philosophers film films cinema movies fashion dance " +
    "explorers pioneers nobel laureates mathematicians astronauts composers musicians economy flags wars battles revolution"
  ).split(" "),
);

/** Cues that a topic judges or generalises about the people in it. */
const STEREOTYPE = /\b(bad|worse|worst|better than|best at|lazy|stupid|dumb|smart|smarter|intelligent|inferior|superior|dangerous|criminals?|dirty|cheap|greedy|violent|ugly|weak|emotional|terrorists?|evil|annoying|rude|useless|disgusting|inbred|primitive|savages?|drivers?|can'?t|cannot|shouldn'?t|never|always|steal|stealing)\b/;
const CLAIM = /\b(are|is|aren'?t|isn'?t|should|shouldn'?t|deserve|deserves|ruin|ruins|ruining|destroy|destroying|hate|hates|belong|take over|taking over|invading|replace|replacing)\b/;

export interface SafetyRefusal {
  reason: string;
}

/** The group of people a topic is about, if any: a group noun, "the" + adjective, or an adjective before a person noun. */
function groupIn(words: string[], judging: boolean): string | null {
  for (const [i, w] of words.entries()) {
    if (GROUP_NOUNS.has(w)) return w;
    if (!GROUP_ADJECTIVES.has(w)) continue;
    const next = words[i + 1];
    // "the French", "why the French are ...": the adjective used as a noun.
    if (words[i - 1] === "the" && (next === undefined || CLAIM.test(next))) return `the ${w}`;
    if (next !== undefined && PERSON_NOUNS.has(next)) return `${w} ${next}`;
    // An adjective with a judging word ("muslim terrorists") or on its own ("Mexican") names the people.
    if (judging || words.length === 1) return w;
  }
  return null;
}

/** Pure: whether a quiz topic is refused, and why. */
export function checkTopic(topic: string): SafetyRefusal | null {
  const profane = checkText(topic);
  if (profane) return profane;
  const text = fold(topic);
  const words = text.split(/[^\p{L}']+/u).filter((w) => w && !["quiz", "trivia", "questions"].includes(w));
  const judging = STEREOTYPE.test(text);
  const group = groupIn(words, judging);
  if (!group) return null;
  if (judging) return { reason: `it judges or generalises about a group of people ("${group}")` };
  if (CLAIM.test(text)) return { reason: `it makes a claim about a group of people ("${group}")` };
  if (!words.some((w) => DOMAINS.has(w))) return { reason: `it targets a group of people ("${group}"); a topic about their food, history or culture is fine` };
  return null;
}

/** Pure: whether caller-written or generated text is refused. */
export function checkText(text: string): SafetyRefusal | null {
  return hasProfanity(text) ? { reason: "it contains profane or sexual language" } : null;
}
