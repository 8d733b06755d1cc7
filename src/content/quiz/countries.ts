import worldCountries from "world-countries";
import { asksFor, worded } from "./phrasing.ts";
import { COUNTRY_WORDS, REGION_WORDS } from "./regions.ts";
import { askEach, type Difficulty, type Phrasing, type QuestionSource, type QuizQuestion, type Rng, type SubjectFilter, withDistractors } from "./question.ts";
import { listed } from "./records.ts";

export interface Country {
  name: string;
  capital: string;
  region: string;
  subregion: string;
  currencies: { name: string; symbol: string | undefined }[];
  languages: string[];
  borders: string[];
  code: string;
  area: number;
  demonym: string | undefined;
  tld: string | undefined;
  callingCode: string | undefined;
  landlocked: boolean;
  latitude: number;
}

export const COUNTRY_CREDIT = "Country data: world-countries by Mohammed Le Doze, ODbL-1.0";

/** UN member states with a capital: the subjects of country questions. */
const COUNTRIES: Country[] = (worldCountries as any[])
  .filter((c) => c.unMember && c.capital?.length)
  .map((c) => ({
    name: c.name.common,
    capital: c.capital[0],
    region: c.region,
    subregion: c.subregion || c.region,
    currencies: Object.values(c.currencies ?? {}).map((x: any) => ({ name: x.name as string, symbol: x.symbol as string | undefined })),
    languages: Object.values(c.languages ?? {}) as string[],
    borders: c.borders ?? [],
    code: c.cca3,
    area: c.area,
    demonym: c.demonyms?.eng?.m,
    tld: c.tld?.[0],
    // "+1" and "201" make "+1201": only countries with a single suffix have one code.
    callingCode: c.idd?.root && c.idd.suffixes?.length === 1 ? `${c.idd.root}${c.idd.suffixes[0]}` : undefined,
    landlocked: c.landlocked === true,
    latitude: c.latlng?.[0] ?? 0,
  }));
const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));
const BY_NAME = new Map(COUNTRIES.map((c) => [c.name, c]));

/** A UN member state by its common name in world-countries; other sources place their subjects with it. */
export function countryNamed(name: string): Country | undefined {
  return BY_NAME.get(name);
}

/** "the United States", "the Netherlands": names that take the article in a sentence. */
function the(name: string): string {
  return /^(United|Republic|Central African|Dominican|Czech|Democratic|Marshall|Solomon)\b|(Islands|Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles|Emirates)$/.test(name) ? `the ${name}` : name;
}

/** Ends a sentence once, whether or not its last word ends in a dot ("Washington D.C."). */
const end = (s: string) => (s.endsWith(".") ? s : `${s}.`);

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

type CountryFact = "area" | "currency" | "languages" | "capital" | "borders" | "landlocked" | "demonym" | "domain" | "phone" | "hemisphere" | "subregion" | "peers";

/** Thousands separated by commas: what toLocaleString("en-US") gives, without its cost per call. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const PEERS = new Map<string, number>();
for (const c of COUNTRIES) PEERS.set(c.subregion, (PEERS.get(c.subregion) ?? 0) + 1);
const FACTS = new Map<string, Phrasing[]>();

/** Fact lines about a country, each after its own pattern; `skip` leaves out the one that restates the question. */
export function countryFacts(c: Country, skip: CountryFact[]): Phrasing[] {
  const key = `${c.code}:${skip.join(",")}`;
  let facts = FACTS.get(key);
  if (!facts) FACTS.set(key, (facts = writeCountryFacts(c, skip)));
  return facts;
}

function writeCountryFacts(c: Country, skip: CountryFact[]): Phrasing[] {
  const name = the(c.name);
  const currency = c.currencies[0];
  const neighbours = c.borders.map((b) => BY_CODE.get(b)?.name).filter((x): x is string => x !== undefined);
  const peers = PEERS.get(c.subregion) ?? 0;
  const lines: Record<CountryFact, string | null> = {
    area: `${cap(name)} covers about ${grouped(Math.round(c.area))} square kilometres.`,
    currency: currency ? `${cap(name)} pays in the ${currency.name}${currency.symbol ? `, written ${currency.symbol}` : ""}.` : null,
    languages: c.languages.length > 1 ? `Official languages of ${name} include ${listed(c.languages.slice(0, 2))}.` : c.languages[0] ? `${c.languages[0]} is the official language of ${name}.` : null,
    capital: end(`${cap(name)}'s capital is ${c.capital}`),
    borders: neighbours.length > 3 ? `${cap(name)} has ${neighbours.length} neighbours, among them ${listed(neighbours.slice(0, 2).map(the))}.` : neighbours.length > 0 ? `${cap(name)} borders ${listed(neighbours.map(the))}.` : `${cap(name)} shares no land border with another UN member.`,
    landlocked: c.landlocked ? `${cap(name)} is landlocked: it has no coast on the open sea.` : null,
    demonym: c.demonym ? `People from ${name} are called ${c.demonym}.` : null,
    domain: c.tld ? `Websites from ${name} often end in ${c.tld}.` : null,
    phone: c.callingCode ? `To phone ${name}, dial ${c.callingCode} first.` : null,
    hemisphere: `${cap(name)} lies ${Math.abs(c.latitude) < 3 ? "close to the equator" : c.latitude > 0 ? "north of the equator" : "south of the equator"}.`,
    subregion: `${cap(name)} is part of ${c.subregion}.`,
    peers: peers > 1 ? `${cap(name)} is one of ${peers} UN members in ${c.subregion}.` : null,
  };
  return (Object.keys(lines) as CountryFact[]).filter((k) => !skip.includes(k) && lines[k]).map((k) => ({ pattern: `country:${k}`, text: lines[k]! }));
}

function make(kind: string, thing: string, asks: string[], correct: string, ranked: string[], difficulty: Difficulty, rng: Rng, facts: Phrasing[]): QuizQuestion | null {
  const options = withDistractors(correct, ranked, difficulty, rng);
  return options && worded(options, asksFor(kind, thing, asks), facts);
}

/**
 * A currency as an option names it: "Malaysian ringgit" is the ringgit, "Venezuelan bolívar soberano" the
 * bolívar soberano, the Euro the euro. The country's adjective gave the answer away and took a second to
 * read aloud. A name that is more than an adjective and a currency word ("Bosnia and Herzegovina
 * convertible mark", "Pound sterling") is kept whole.
 */
export function currencyWord(name: string): string {
  if (name === "Pound sterling") return "pound sterling";
  if (name === "Euro") return "euro";
  const m = /^(?:\p{Lu}[\p{L}'-]*\s+)+(\p{Ll}[\p{Ll}\p{Lm}\s'-]*)$/u.exec(name);
  return m ? m[1]! : name;
}

/** Whether an option answers a country question rightly, by the data: the check tests run on every question. */
const RIGHT: Record<string, (c: Country, option: string) => boolean> = {
  "country-capital": (c, o) => o === c.capital,
  "capital-country": (c, o) => o === c.name,
  "country-currency": (c, o) => c.currencies.some((x) => currencyWord(x.name) === o),
  "country-language": (c, o) => c.languages.includes(o),
  "country-neighbour": (c, o) => c.borders.some((b) => BY_CODE.get(b)?.name === o),
  "country-region": (c, o) => o === c.subregion,
};

function verifyCountry(id: string, q: QuizQuestion): string | null {
  const c = q.subject ? BY_NAME.get(q.subject) : undefined;
  if (!c) return `no country named ${q.subject}`;
  if (new Set(q.options).size !== 4) return `options repeat: ${q.options.join(", ")}`;
  const right = q.options.filter((o) => RIGHT[id]!(c, o));
  return right.length === 1 && right[0] === q.options[q.answerIndex] ? null : `right options for ${c.name}: ${right.join(", ") || "none"}; marked ${q.options[q.answerIndex]}`;
}

function source(id: string, kinds: string[], ask: (c: Country, d: Difficulty, rng: Rng) => QuizQuestion | null): QuestionSource {
  return {
    verify: (q) => verifyCountry(id, q),
    id,
    categories: ["geography", "general-knowledge"],
    keywords: [...kinds, ...COUNTRY_WORDS],
    kinds,
    credit: COUNTRY_CREDIT,
    regional: true,
    questions: (difficulty, rng, filter) => askEach(subjects(difficulty, filter), (c) => c.name, (c) => ask(c, difficulty, rng)),
  };
}

export const countrySources: QuestionSource[] = [
  source("country-capital", ["capital", "capitals", "city", "cities"], (c, d, rng) => {
    const n = the(c.name);
    return make("capital", `the capital of ${n}`, [`What is the capital of ${n}?`, `Which city is the capital of ${n}?`, `The capital city of ${n} is which of these?`, `If you flew to the capital of ${n}, where would you land?`], c.capital, nearest(c).map((x) => x.capital), d, rng, countryFacts(c, ["capital"]));
  }),
  source("capital-country", ["capital", "capitals", "city", "cities"], (c, d, rng) =>
    make("capital-of", `the country whose capital is ${c.capital}`, [`${c.capital} is the capital of which country?`, `Which country has ${c.capital} as its capital?`, `Whose capital city is ${c.capital}?`], c.name, nearest(c).map((x) => x.name), d, rng, countryFacts(c, ["capital"])),
  ),
  source("country-currency", ["currency", "currencies", "money"], (c, d, rng) => {
    if (c.currencies.length === 0) return null;
    const own = new Set(c.currencies.map((x) => currencyWord(x.name)));
    const n = the(c.name);
    const others = [...new Set(nearest(c).flatMap((x) => x.currencies.map((y) => currencyWord(y.name))))].filter((x) => !own.has(x));
    return make("currency", `the currency of ${n}`, [`Which currency is used in ${n}?`, `What money is spent in ${n}?`, `What do you pay with in ${n}?`], currencyWord(c.currencies[0]!.name), others, d, rng, countryFacts(c, ["currency"]));
  }),
  source("country-language", ["language", "languages", "spoken"], (c, d, rng) => {
    if (c.languages.length === 0) return null;
    const own = new Set(c.languages);
    const n = the(c.name);
    return make("language", `an official language of ${n}`, [`Which language has official status in ${n}?`, `Which of these languages is official in ${n}?`, `What is one of the official languages of ${n}?`], c.languages[0]!, nearest(c).flatMap((x) => x.languages).filter((x) => !own.has(x)), d, rng, countryFacts(c, ["languages"]));
  }),
  source("country-neighbour", ["border", "borders", "bordering", "neighbour", "neighbours", "neighbor", "neighbors", "neighbouring", "neighboring"], (c, d, rng) => {
    const neighbours = c.borders.map((b) => BY_CODE.get(b)).filter((x): x is Country => x !== undefined);
    if (neighbours.length === 0) return null;
    const correct = neighbours[Math.floor(rng() * neighbours.length)]!;
    const excluded = new Set([c.code, ...c.borders]);
    const n = the(c.name);
    return make("neighbour", `a country that borders ${n}`, [`Which country shares a border with ${n}?`, `Which of these countries is a neighbour of ${n}?`, `Cross the land border of ${n} and you could be in which country?`], correct.name, nearest(c).filter((x) => !excluded.has(x.code)).map((x) => x.name), d, rng, countryFacts(c, ["borders"]));
  }),
  source("country-region", ["continent", "continents", "region", "regions"], (c, d, rng) => {
    const regions = [...new Set(COUNTRIES.map((x) => x.subregion))].filter((s) => s !== c.subregion);
    const sameRegion = (s: string) => Number(COUNTRIES.find((x) => x.subregion === s)?.region === c.region);
    const ranked = regions.sort((a, b) => sameRegion(b) - sameRegion(a));
    const n = the(c.name);
    return make("region", `the part of the world where ${n} lies`, [`In which part of the world is ${n}?`, `Where on the map would you find ${n}?`, `${cap(n)} belongs to which region?`], c.subregion, ranked, d, rng, countryFacts(c, ["subregion", "peers"]));
  }),
];
