import worldCountries from "world-countries";
import { askEach, type Difficulty, type QuestionSource, type QuizQuestion, type Rng, type SubjectFilter, withDistractors } from "./question.ts";

interface Country {
  name: string;
  capital: string;
  region: string;
  subregion: string;
  currencies: string[];
  languages: string[];
  borders: string[];
  code: string;
  area: number;
}

const CREDIT = "Country data: world-countries by Mohammed Le Doze, ODbL-1.0";

/** UN member states with a capital: the subjects of country questions. */
const COUNTRIES: Country[] = (worldCountries as any[])
  .filter((c) => c.unMember && c.capital?.length)
  .map((c) => ({
    name: c.name.common,
    capital: c.capital[0],
    region: c.region,
    subregion: c.subregion || c.region,
    currencies: Object.values(c.currencies ?? {}).map((x: any) => x.name as string),
    languages: Object.values(c.languages ?? {}) as string[],
    borders: c.borders ?? [],
    code: c.cca3,
    area: c.area,
  }));
const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

/** "the United States", "the Netherlands": names that take the article in a sentence. */
function the(name: string): string {
  return /^(United|Republic|Central African|Dominican|Czech|Democratic|Marshall|Solomon)\b|(Islands|Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles|Emirates)$/.test(name) ? `the ${name}` : name;
}

/** Joins names as prose: "A", "A and B", "A, B and C". */
function listed(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Ends a sentence once, whether or not its last word ends in a dot ("Washington D.C."). */
const end = (s: string) => (s.endsWith(".") ? s : `${s}.`);

/** Topic words naming a region, and what they select. */
export const REGION_WORDS: Record<string, (c: Country) => boolean> = {
  europe: (c) => c.region === "Europe",
  european: (c) => c.region === "Europe",
  asia: (c) => c.region === "Asia",
  asian: (c) => c.region === "Asia",
  africa: (c) => c.region === "Africa",
  african: (c) => c.region === "Africa",
  americas: (c) => c.region === "Americas",
  america: (c) => c.region === "Americas",
  oceania: (c) => c.region === "Oceania",
  pacific: (c) => c.region === "Oceania",
  caribbean: (c) => c.subregion === "Caribbean",
  "south america": (c) => c.subregion === "South America",
  "north america": (c) => c.subregion === "North America" || c.subregion === "Central America",
  "latin america": (c) => ["South America", "Central America"].includes(c.subregion),
  "middle east": (c) => c.subregion === "Western Asia",
  scandinavia: (c) => ["Denmark", "Norway", "Sweden"].includes(c.name),
  balkans: (c) => c.subregion === "Southeast Europe",
};

/** Well-known countries first: by area, which tracks how often a country is in the news well enough here. */
const BY_AREA = [...COUNTRIES].sort((a, b) => b.area - a.area);
const POOL_SIZE: Record<Difficulty, number> = { easy: 60, medium: 120, hard: COUNTRIES.length };

function subjects(difficulty: Difficulty, filter: SubjectFilter): Country[] {
  const regional = filter.regions.length > 0 ? BY_AREA.filter((c) => filter.regions.some((r) => REGION_WORDS[r]?.(c))) : BY_AREA;
  // A region has few countries: all of them are fair game at every difficulty.
  return filter.regions.length > 0 ? regional : regional.slice(0, POOL_SIZE[difficulty]);
}

/** Other countries ranked by closeness: same subregion, same region, then the rest. */
function nearest(country: Country): Country[] {
  const closeness = (c: Country) => (c.subregion === country.subregion ? 0 : c.region === country.region ? 1 : 2);
  return COUNTRIES.filter((c) => c !== country).sort((a, b) => closeness(a) - closeness(b) || b.area - a.area);
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function factAbout(c: Country): string {
  const currency = c.currencies[0] ? `, and its currency is the ${c.currencies[0]}` : "";
  return `${cap(the(c.name))} covers about ${Math.round(c.area).toLocaleString("en-US")} square kilometres${currency}.`;
}

function make(question: string, correct: string, ranked: string[], difficulty: Difficulty, rng: Rng, fact: string): QuizQuestion | null {
  const options = withDistractors(correct, ranked, difficulty, rng);
  return options ? { question, ...options, fact } : null;
}

function source(id: string, kinds: string[], ask: (c: Country, d: Difficulty, rng: Rng) => QuizQuestion | null): QuestionSource {
  return {
    id,
    categories: ["geography", "general-knowledge"],
    keywords: [...kinds, ...COUNTRY_WORDS],
    kinds,
    credit: CREDIT,
    questions: (difficulty, rng, filter) => askEach(subjects(difficulty, filter), (c) => c.name, (c) => ask(c, difficulty, rng)),
  };
}

export const COUNTRY_WORDS = ["country", "countries", "geography", "world", "nation", "nations", "map"];

export const countrySources: QuestionSource[] = [
  source("country-capital", ["capital", "capitals", "city", "cities"], (c, d, rng) =>
    make(`What is the capital of ${the(c.name)}?`, c.capital, nearest(c).map((x) => x.capital), d, rng, `${c.capital} is the capital of ${the(c.name)}. ${factAbout(c)}`),
  ),
  source("capital-country", ["capital", "capitals", "city", "cities"], (c, d, rng) =>
    make(`${c.capital} is the capital of which country?`, c.name, nearest(c).map((x) => x.name), d, rng, factAbout(c)),
  ),
  source("country-currency", ["currency", "currencies", "money"], (c, d, rng) => {
    if (c.currencies.length === 0) return null;
    const own = new Set(c.currencies);
    return make(`Which currency is used in ${the(c.name)}?`, c.currencies[0]!, nearest(c).flatMap((x) => x.currencies).filter((x) => !own.has(x)), d, rng, end(`${cap(the(c.name))} pays in the ${c.currencies[0]}; its capital is ${c.capital}`));
  }),
  source("country-language", ["language", "languages", "spoken"], (c, d, rng) => {
    if (c.languages.length === 0) return null;
    const own = new Set(c.languages);
    const fact = c.languages.length > 1 ? `The official languages of ${the(c.name)} include ${listed(c.languages.slice(0, 3))}.` : `${c.languages[0]} is the official language of ${the(c.name)}.`;
    return make(`Which of these is an official language of ${the(c.name)}?`, c.languages[0]!, nearest(c).flatMap((x) => x.languages).filter((x) => !own.has(x)), d, rng, fact);
  }),
  source("country-neighbour", ["border", "borders", "bordering", "neighbour", "neighbours", "neighbor", "neighbors", "neighbouring", "neighboring"], (c, d, rng) => {
    const neighbours = c.borders.map((b) => BY_CODE.get(b)).filter((x): x is Country => x !== undefined);
    if (neighbours.length === 0) return null;
    const correct = neighbours[Math.floor(rng() * neighbours.length)]!;
    const excluded = new Set([c.code, ...c.borders]);
    const names = neighbours.map((n) => n.name);
    const fact = `${cap(the(c.name))} borders ${names.length > 4 ? `${names.length} countries, among them ${listed(names.slice(0, 3).map(the))}` : listed(names.map(the))}.`;
    return make(`Which country shares a border with ${the(c.name)}?`, correct.name, nearest(c).filter((x) => !excluded.has(x.code)).map((x) => x.name), d, rng, fact);
  }),
  source("country-region", ["continent", "continents", "region", "regions"], (c, d, rng) => {
    const regions = [...new Set(COUNTRIES.map((x) => x.subregion))].filter((s) => s !== c.subregion);
    const ranked = regions.sort((a, b) => Number(COUNTRIES.find((x) => x.subregion === b)?.region === c.region) - Number(COUNTRIES.find((x) => x.subregion === a)?.region === c.region));
    return make(`In which part of the world is ${the(c.name)}?`, c.subregion, ranked, d, rng, end(`${cap(the(c.name))} lies in ${c.subregion}; its capital is ${c.capital}`));
  }),
];
