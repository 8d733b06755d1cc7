import { onFirstUse } from "../../kernel/on-first-use.ts";
import { factsFrom, note } from "./phrasing.ts";
import { ordinal, type RecordSet, recordSources } from "./records.ts";

/** Written from NASA's planetary fact sheets; moon counts only where they are settled (the giants' keep growing). */
interface Planet {
  name: string;
  order: number;
  kind: "rocky planet" | "gas giant" | "ice giant";
  moons: number | null;
  /** An orbit around the Sun, as it is usually said. */
  year: string;
  note: string;
}

interface Moon {
  name: string;
  planet: string;
  note: string;
}

interface Feature {
  /** What the planet is known for, as it reads after "Which planet ...". */
  feature: string;
  planet: string;
}

const PLANETS = onFirstUse((): Planet[] => [
  { name: "Mercury", order: 1, kind: "rocky planet", moons: 0, year: "88 Earth days", note: "Mercury is named after the messenger of the Roman gods." },
  { name: "Venus", order: 2, kind: "rocky planet", moons: 0, year: "225 Earth days", note: "Venus is the hottest planet, at about 465 degrees Celsius." },
  { name: "Earth", order: 3, kind: "rocky planet", moons: 1, year: "365 days", note: "Earth is the only planet known to have life." },
  { name: "Mars", order: 4, kind: "rocky planet", moons: 2, year: "687 Earth days", note: "Mars has Olympus Mons, the tallest volcano in the solar system." },
  { name: "Jupiter", order: 5, kind: "gas giant", moons: null, year: "about 12 Earth years", note: "Jupiter's Great Red Spot is a storm wider than Earth." },
  { name: "Saturn", order: 6, kind: "gas giant", moons: null, year: "about 29 Earth years", note: "Saturn is less dense than water." },
  { name: "Uranus", order: 7, kind: "ice giant", moons: null, year: "84 Earth years", note: "Uranus spins on its side, tilted about 98 degrees." },
  { name: "Neptune", order: 8, kind: "ice giant", moons: null, year: "165 Earth years", note: "Neptune has the fastest winds measured on any planet." },
]);

const MOONS = onFirstUse((): Moon[] => [
  { name: "the Moon", planet: "Earth", note: "The Moon is about 384,000 kilometres from Earth." },
  { name: "Phobos", planet: "Mars", note: "Phobos is slowly spiralling in towards Mars." },
  { name: "Deimos", planet: "Mars", note: "Deimos is the smaller of the two moons of Mars." },
  { name: "Io", planet: "Jupiter", note: "Io is the most volcanically active body in the solar system." },
  { name: "Europa", planet: "Jupiter", note: "Europa hides a salty ocean under its icy crust." },
  { name: "Ganymede", planet: "Jupiter", note: "Ganymede is the largest moon in the solar system." },
  { name: "Callisto", planet: "Jupiter", note: "Callisto is one of the most heavily cratered bodies known." },
  { name: "Titan", planet: "Saturn", note: "Titan has a thick atmosphere and lakes of liquid methane." },
  { name: "Enceladus", planet: "Saturn", note: "Enceladus sprays jets of icy water into space." },
  { name: "Mimas", planet: "Saturn", note: "A giant crater makes Mimas look like the Death Star." },
  { name: "Titania", planet: "Uranus", note: "Titania is the largest moon of Uranus." },
  { name: "Oberon", planet: "Uranus", note: "Oberon is named after the fairy king in A Midsummer Night's Dream." },
  { name: "Miranda", planet: "Uranus", note: "Miranda has some of the tallest cliffs in the solar system." },
  { name: "Triton", planet: "Neptune", note: "Triton orbits Neptune backwards, against the planet's spin." },
]);

const FEATURES = onFirstUse((): Feature[] => [
  { feature: "is closest to the Sun", planet: "Mercury" },
  { feature: "is the smallest in the solar system", planet: "Mercury" },
  { feature: "has a day that lasts longer than its year", planet: "Venus" },
  { feature: "is the hottest in the solar system", planet: "Venus" },
  { feature: "is known as the Red Planet", planet: "Mars" },
  { feature: "is the largest in the solar system", planet: "Jupiter" },
  { feature: "has the Great Red Spot", planet: "Jupiter" },
  { feature: "is less dense than water", planet: "Saturn" },
  { feature: "spins on its side", planet: "Uranus" },
  { feature: "was the first discovered with a telescope", planet: "Uranus" },
  { feature: "is farthest from the Sun", planet: "Neptune" },
  { feature: "was predicted by mathematics before anyone saw it", planet: "Neptune" },
]);

const planetNames = () => PLANETS().map((p) => p.name);
const planetNamed = (name: string) => PLANETS().find((p) => p.name === name)!;

/** Lines about a planet; `skip` is the fact the question itself gave away. */
function planetFacts(p: Planet, skip = ""): ReturnType<typeof factsFrom> {
  return [
    ...note(p.name, p.note),
    ...factsFrom("planet", [
      skip === "order" ? null : `${p.name} is the ${ordinal(p.order)} planet from the Sun.`,
      `${p.name} is ${p.kind === "ice giant" ? "an" : "a"} ${p.kind}.`,
      `A year on ${p.name} lasts ${p.year}.`,
      skip === "moons" || p.moons === null ? null : p.moons === 0 ? `${p.name} has no moons at all.` : `${p.name} has ${p.moons === 1 ? "one moon" : `${p.moons} moons`}.`,
    ]),
  ];
}

const KEYWORDS = ["planet", "planets", "solarsystem", "space", "astronomy", "moon", "moons", "sun", "universe", "cosmos"];
const CREDIT = "Solar system facts: NASA planetary fact sheets (public domain)";

const planets: RecordSet<Planet> = {
  categories: ["science", "general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: PLANETS,
  name: (p) => p.name,
  level: (p) => (p.order === 3 || p.order === 4 || p.order === 5 ? 1 : 2),
  facts: (p) => planetFacts(p, "order"),
  kinds: [
    {
      id: "order",
      kinds: ["order"],
      answer: (p) => p.name,
      correct: (p, option) => option === p.name,
      candidates: (p) => planetNames().filter((n) => n !== p.name).sort((a, b) => Math.abs(planetNamed(a).order - p.order) - Math.abs(planetNamed(b).order - p.order)),
      thing: (p) => `the ${ordinal(p.order)} planet from the Sun`,
      asks: (p) => [`Which planet is ${ordinal(p.order)} from the Sun?`, `Counting out from the Sun, which planet comes ${ordinal(p.order)}?`],
    },
    {
      id: "moon-count",
      answer: (p) => (p.moons === null ? null : String(p.moons)),
      correct: (p, option) => option === String(p.moons),
      candidates: () => ["0", "1", "2", "3", "4", "5"],
      thing: (p) => `the number of moons ${p.name} has`,
      facts: (p) => planetFacts(p, "moons"),
      asks: (p) => [`How many moons does ${p.name} have?`, `Count the moons of ${p.name}: how many are there?`],
    },
  ],
};

const moons: RecordSet<Moon> = {
  categories: ["science", "general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: MOONS,
  name: (m) => m.name,
  level: (m) => (["the Moon", "Titan", "Europa", "Ganymede", "Phobos", "Io"].includes(m.name) ? 1 : 2),
  // The planet's own lines under their own patterns: a pack never says "X is the fifth planet" twice.
  facts: (m) => [...note(m.name, m.note), ...planetFacts(planetNamed(m.planet)).filter((p) => !p.pattern.startsWith("note:"))],
  kinds: [
    {
      id: "moon",
      answer: (m) => m.planet,
      correct: (m, option) => option === m.planet,
      candidates: (m) => planetNames().filter((n) => n !== m.planet),
      thing: (m) => `the planet that ${m.name} orbits`,
      asks: (m) => [`Which planet does ${m.name} orbit?`, `${m.name === "the Moon" ? "The Moon" : m.name} is a moon of which planet?`, `Around which planet does ${m.name} travel?`],
    },
  ],
};

const features: RecordSet<Feature> = {
  categories: ["science", "general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: FEATURES,
  // Named after its planet: a pack asks about each planet once, whichever way.
  name: (f) => f.planet,
  level: () => 1,
  facts: (f) => planetFacts(planetNamed(f.planet)).filter((p) => !p.pattern.startsWith("note:")),
  kinds: [
    {
      id: "feature",
      answer: (f) => f.planet,
      correct: (f, option) => option === f.planet,
      candidates: (f) => planetNames().filter((n) => n !== f.planet),
      thing: (f) => `the planet that ${f.feature}`,
      asks: (f) => [`Which planet ${f.feature}?`, `Name the planet that ${f.feature}.`],
    },
  ],
};

export const solarSystemSources = [...recordSources("planet", planets), ...recordSources("planet", moons), ...recordSources("planet", features)];
