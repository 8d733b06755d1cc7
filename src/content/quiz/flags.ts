import { onFirstUse } from "../../kernel/on-first-use.ts";
import { countryFacts, countryNamed } from "./countries.ts";
import { type RecordSet, recordSources } from "./records.ts";
import { REGION_WORDS } from "./regions.ts";

/**
 * A national flag described in words (a narrated quiz cannot rely on the picture), each description
 * fitting no other flag here: Luxembourg, Monaco and Côte d'Ivoire are left out because their flags
 * read like the Netherlands', Indonesia's and Ireland's.
 */
interface Flag {
  country: string;
  /** What the flag shows, as it reads after "Which country's flag has ...". */
  has: string;
  level: 1 | 2 | 3;
}

const ROWS: [string, string, 1 | 2 | 3][] = [
  ["France", "three vertical stripes of blue, white and red", 1],
  ["Italy", "three plain vertical stripes of green, white and red", 1],
  ["Germany", "horizontal stripes of black, red and gold", 1],
  ["Belgium", "vertical stripes of black, yellow and red", 2],
  ["Ireland", "vertical stripes of green, white and orange", 1],
  ["Netherlands", "horizontal stripes of red, white and blue", 2],
  ["Russia", "horizontal stripes of white, blue and red", 2],
  ["Spain", "red and yellow bands, the yellow twice as wide", 1],
  ["Sweden", "a yellow Nordic cross on blue", 1],
  ["Denmark", "an off-centre white cross on red", 2],
  ["Norway", "a blue Nordic cross edged in white on red", 2],
  ["Finland", "a blue Nordic cross on white", 2],
  ["Greece", "nine blue and white stripes and a white cross in the corner", 2],
  ["Switzerland", "a square shape and a white cross in the middle of red", 1],
  ["Poland", "white over red in two halves", 2],
  ["Ukraine", "blue over yellow in two halves", 1],
  ["United Kingdom", "the crosses of three patron saints on blue", 1],
  ["Portugal", "green and red with an armillary sphere", 2],
  ["Austria", "red, white and red horizontal stripes", 2],
  ["Canada", "a red maple leaf between two red bands", 1],
  ["United States", "13 red and white stripes and 50 white stars", 1],
  ["Brazil", "a yellow diamond on green holding a starry blue globe", 1],
  ["Mexico", "green, white and red stripes and an eagle eating a snake", 1],
  ["Argentina", "light blue and white stripes and a golden Sun of May", 2],
  ["Jamaica", "a gold diagonal cross between green and black triangles", 2],
  ["Chile", "a white star in a blue square above white, with red below", 2],
  ["Colombia", "yellow, blue and red bands, the yellow twice as wide", 2],
  ["Cuba", "five blue and white stripes and a red triangle with a white star", 2],
  ["Japan", "a red disc on white", 1],
  ["Bangladesh", "a red disc on green", 2],
  ["South Korea", "a red and blue circle surrounded by four black trigrams", 1],
  ["China", "five yellow stars on red", 1],
  ["Vietnam", "a single yellow star on red", 2],
  ["India", "saffron, white and green bands and a navy blue wheel", 1],
  ["Turkey", "a white crescent and star on red", 1],
  ["Israel", "a blue Star of David between two blue stripes", 1],
  ["Saudi Arabia", "white Arabic script above a sword on green", 2],
  ["Nepal", "two stacked triangles instead of a rectangle", 2],
  ["Indonesia", "red over white in two halves", 2],
  ["Pakistan", "a white crescent and star on green with a white band at the pole", 2],
  ["Thailand", "red, white, blue, white and red stripes, the blue twice as wide", 3],
  ["South Africa", "a green Y shape bordered in white and gold, with red, blue and black", 2],
  ["Kenya", "black, red and green bands and a Maasai shield with spears", 2],
  ["Nigeria", "green, white and green vertical stripes", 2],
  ["Egypt", "red, white and black bands and a golden eagle", 2],
  ["Ghana", "red, gold and green bands and a black star", 3],
  ["Ethiopia", "green, yellow and red bands and a blue disc with a star", 3],
  ["Morocco", "a green five-pointed star outline on red", 2],
  ["Australia", "the Union Jack, a seven-pointed star and the white Southern Cross", 1],
  ["New Zealand", "the Union Jack and four red stars of the Southern Cross", 2],
];

const FLAGS = onFirstUse((): Flag[] => ROWS.map(([country, has, level]) => ({ country, has, level })));

const regionOf = (name: string) => countryNamed(name)?.region ?? "";
const CREDIT = "Flags: described for this service; country data from world-countries (ODbL-1.0)";

const flags: RecordSet<Flag> = {
  categories: ["geography", "general-knowledge"],
  keywords: ["flag", "flags", "vexillology", "banner", "banners"],
  credit: CREDIT,
  records: FLAGS,
  name: (f) => f.country,
  level: (f) => f.level,
  inRegion: (f, region) => {
    const c = countryNamed(f.country);
    return c !== undefined && REGION_WORDS[region]?.(c) === true;
  },
  facts: (f) => {
    const c = countryNamed(f.country);
    return c ? countryFacts(c, []) : [];
  },
  kinds: [
    {
      id: "flag",
      kinds: ["flag", "flags"],
      answer: (f) => f.country,
      correct: (f, option) => option === f.country,
      // Neighbours first: their flags are the ones a viewer mixes up.
      candidates: (f, all) => all.filter((x) => x !== f).sort((a, b) => Number(regionOf(b.country) === regionOf(f.country)) - Number(regionOf(a.country) === regionOf(f.country))).map((x) => x.country),
      thing: (f) => `the country whose flag has ${f.has}`,
      asks: (f) => [`Which country's flag has ${f.has}?`, `Whose flag has ${f.has}?`, `Whose national flag shows ${f.has}?`],
    },
  ],
};

export const flagSources = recordSources("country", flags);
