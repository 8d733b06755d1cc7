import { onFirstUse } from "../../kernel/on-first-use.ts";
import { factsFrom, note } from "./phrasing.ts";
import type { Phrasing } from "./question.ts";
import { ordinal, type RecordSet, recordSources } from "./records.ts";

/** A men's FIFA World Cup final, from FIFA's tournament records. */
interface WorldCup {
  year: number;
  host: string;
  winner: string;
  runnerUp: string;
  note: string;
}

/** A Summer Olympic Games and the city that held it: every one held, so that counts per city are right. */
interface Olympics {
  year: number;
  city: string;
  country: string;
  note?: string;
}

interface TeamSize {
  sport: string;
  players: number;
  note: string;
}

const WORLD_CUPS = onFirstUse((): WorldCup[] => [
  { year: 1930, host: "Uruguay", winner: "Uruguay", runnerUp: "Argentina", note: "Only 13 teams took part in the first World Cup." },
  { year: 1934, host: "Italy", winner: "Italy", runnerUp: "Czechoslovakia", note: "It was the first World Cup with a qualifying tournament." },
  { year: 1938, host: "France", winner: "Italy", runnerUp: "Hungary", note: "Italy became the first team to retain the title." },
  { year: 1950, host: "Brazil", winner: "Uruguay", runnerUp: "Brazil", note: "Uruguay's win in Rio is remembered as the Maracanazo." },
  { year: 1954, host: "Switzerland", winner: "West Germany", runnerUp: "Hungary", note: "West Germany's win is known as the Miracle of Bern." },
  { year: 1958, host: "Sweden", winner: "Brazil", runnerUp: "Sweden", note: "A 17-year-old Pelé scored twice in the final." },
  { year: 1962, host: "Chile", winner: "Brazil", runnerUp: "Czechoslovakia", note: "Garrincha starred as Brazil won without an injured Pelé." },
  { year: 1966, host: "England", winner: "England", runnerUp: "West Germany", note: "Geoff Hurst scored a hat-trick in the final." },
  { year: 1970, host: "Mexico", winner: "Brazil", runnerUp: "Italy", note: "It was the first World Cup broadcast in colour." },
  { year: 1974, host: "West Germany", winner: "West Germany", runnerUp: "Netherlands", note: "Today's World Cup trophy was first awarded in 1974." },
  { year: 1978, host: "Argentina", winner: "Argentina", runnerUp: "Netherlands", note: "Mario Kempes scored twice in the final." },
  { year: 1982, host: "Spain", winner: "Italy", runnerUp: "West Germany", note: "Paolo Rossi was the tournament's top scorer." },
  { year: 1986, host: "Mexico", winner: "Argentina", runnerUp: "West Germany", note: "Diego Maradona scored the Hand of God goal against England." },
  { year: 1990, host: "Italy", winner: "West Germany", runnerUp: "Argentina", note: "Andreas Brehme scored the final's only goal, from a penalty." },
  { year: 1994, host: "United States", winner: "Brazil", runnerUp: "Italy", note: "The final was the first decided on penalties." },
  { year: 1998, host: "France", winner: "France", runnerUp: "Brazil", note: "Zinedine Zidane headed two goals in the final." },
  { year: 2002, host: "South Korea and Japan", winner: "Brazil", runnerUp: "Germany", note: "Ronaldo scored both goals in the final." },
  { year: 2006, host: "Germany", winner: "Italy", runnerUp: "France", note: "Zinedine Zidane was sent off in the final." },
  { year: 2010, host: "South Africa", winner: "Spain", runnerUp: "Netherlands", note: "Andrés Iniesta scored the winner in extra time." },
  { year: 2014, host: "Brazil", winner: "Germany", runnerUp: "Argentina", note: "Mario Götze scored the winner in extra time." },
  { year: 2018, host: "Russia", winner: "France", runnerUp: "Croatia", note: "Kylian Mbappé scored in the final aged 19." },
  { year: 2022, host: "Qatar", winner: "Argentina", runnerUp: "France", note: "Lionel Messi won the Golden Ball for the second time." },
]);

const OLYMPICS = onFirstUse((): Olympics[] => [
  { year: 1896, city: "Athens", country: "Greece", note: "The first modern Olympics had athletes from 14 nations." },
  { year: 1900, city: "Paris", country: "France", note: "Women competed at the Olympics for the first time in 1900." },
  { year: 1904, city: "St. Louis", country: "United States" },
  { year: 1908, city: "London", country: "United Kingdom" },
  { year: 1912, city: "Stockholm", country: "Sweden" },
  { year: 1920, city: "Antwerp", country: "Belgium", note: "The Olympic flag with its five rings was first flown in 1920." },
  { year: 1924, city: "Paris", country: "France" },
  { year: 1928, city: "Amsterdam", country: "Netherlands", note: "The Olympic flame was first lit at the 1928 Games." },
  { year: 1932, city: "Los Angeles", country: "United States" },
  { year: 1936, city: "Berlin", country: "Germany", note: "Jesse Owens won four gold medals in 1936." },
  { year: 1948, city: "London", country: "United Kingdom" },
  { year: 1952, city: "Helsinki", country: "Finland" },
  { year: 1956, city: "Melbourne", country: "Australia" },
  { year: 1960, city: "Rome", country: "Italy", note: "Abebe Bikila won the 1960 marathon running barefoot." },
  { year: 1964, city: "Tokyo", country: "Japan", note: "The 1964 Games were the first held in Asia." },
  { year: 1968, city: "Mexico City", country: "Mexico", note: "Bob Beamon's long jump of 8.90 metres stood for 23 years." },
  { year: 1972, city: "Munich", country: "Germany", note: "Mark Spitz won seven gold medals in 1972." },
  { year: 1976, city: "Montreal", country: "Canada", note: "Nadia Comăneci scored the first perfect 10 in Olympic gymnastics." },
  { year: 1980, city: "Moscow", country: "Russia" },
  { year: 1984, city: "Los Angeles", country: "United States", note: "Carl Lewis won four gold medals in 1984." },
  { year: 1988, city: "Seoul", country: "South Korea" },
  { year: 1992, city: "Barcelona", country: "Spain", note: "The US Dream Team played basketball in 1992." },
  { year: 1996, city: "Atlanta", country: "United States" },
  { year: 2000, city: "Sydney", country: "Australia", note: "Cathy Freeman won the 400 metres at her home Games." },
  { year: 2004, city: "Athens", country: "Greece" },
  { year: 2008, city: "Beijing", country: "China", note: "Michael Phelps won eight gold medals in 2008." },
  { year: 2012, city: "London", country: "United Kingdom", note: "London became the first city to host three Summer Games." },
  { year: 2016, city: "Rio de Janeiro", country: "Brazil", note: "Rio's Games were the first held in South America." },
  { year: 2020, city: "Tokyo", country: "Japan", note: "The 2020 Games were held in 2021 because of the pandemic." },
  { year: 2024, city: "Paris", country: "France", note: "The 2024 opening ceremony took place along the Seine." },
]);

const TEAM_SIZES = onFirstUse((): TeamSize[] => [
  { sport: "football", players: 11, note: "Only the goalkeeper may handle the ball, inside the penalty area." },
  { sport: "basketball", players: 5, note: "Basketball was invented by James Naismith in 1891." },
  { sport: "volleyball", players: 6, note: "Indoor volleyball teams rotate positions each time they win the serve." },
  { sport: "rugby union", players: 15, note: "A rugby union try is worth five points." },
  { sport: "rugby league", players: 13, note: "A rugby league try is worth four points." },
  { sport: "ice hockey", players: 6, note: "An ice hockey puck is made of vulcanised rubber." },
  { sport: "baseball", players: 9, note: "A regulation baseball game lasts nine innings." },
  { sport: "water polo", players: 7, note: "Water polo players may not touch the bottom of the pool." },
  { sport: "netball", players: 7, note: "Netball players may not run while holding the ball." },
  { sport: "handball", players: 7, note: "Handball players may take three steps holding the ball." },
  { sport: "cricket", players: 11, note: "A cricket over has six legal balls." },
]);

/** West Germany's titles count as Germany's (FIFA counts them so). */
const nation = (team: string) => (team === "West Germany" ? "Germany" : team);
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const the = (name: string) => (name === "United States" || name === "Netherlands" ? `the ${name}` : name);

function worldCupFacts(c: WorldCup, all: readonly WorldCup[], skip: "winner" | "host"): Phrasing[] {
  const titles = all.filter((x) => nation(x.winner) === nation(c.winner) && x.year <= c.year).length;
  const edition = all.filter((x) => x.year <= c.year).length;
  return [...note(`${c.year} World Cup`, c.note), ...factsFrom("world-cup", [
    skip === "winner" ? null : `${cap(the(c.winner))} beat ${the(c.runnerUp)} in the ${c.year} final.`,
    `${cap(the(c.runnerUp))} finished runners-up in ${c.year}.`,
    skip === "host" ? null : `The ${c.year} World Cup was played in ${the(c.host)}.`,
    `The ${c.year} tournament was the ${ordinal(edition)} World Cup.`,
    skip === "winner" ? null : `${cap(the(nation(c.winner)))}'s win in ${c.year} was its ${ordinal(titles)} world title.`,
    c.host === c.winner ? `The hosts won it on home soil in ${c.year}.` : null,
  ])];
}

/** How often the city has hosted, by the complete list above. */
function hosted(o: Olympics, all: readonly Olympics[]): string {
  const times = all.filter((x) => x.city === o.city).length;
  return times === 1 ? `${o.year} is the only time ${o.city} has hosted the Summer Games.` : `${o.city} has hosted the Summer Games ${times === 2 ? "twice" : `${times} times`}.`;
}

const KEYWORDS = ["sport", "sports", "football", "soccer", "fifa", "worldcup", "olympics", "olympic", "athletics", "team", "teams", "champion", "champions", "record", "records"];
const CREDIT = "Sports facts: written for this service from FIFA and IOC records";

const worldCups: RecordSet<WorldCup> = {
  categories: ["sports", "general-knowledge"],
  keywords: KEYWORDS.filter((k) => !k.startsWith("olympic")),
  credit: CREDIT,
  records: WORLD_CUPS,
  name: (c) => `the ${c.year} World Cup`,
  level: (c) => (c.year >= 1990 ? 1 : c.year >= 1966 ? 2 : 3),
  tags: { "1980s": (c) => c.year >= 1980 && c.year < 1990, "1990s": (c) => c.year >= 1990 && c.year < 2000, "2000s": (c) => c.year >= 2000 && c.year < 2010 },
  facts: (c, all) => worldCupFacts(c, all, "winner"),
  kinds: [
    {
      id: "winner",
      kinds: ["winner", "winners", "champion", "champions"],
      answer: (c) => c.winner,
      // Germany and West Germany are one football nation: never both an answer and a distractor.
      correct: (c, option) => nation(option) === nation(c.winner),
      candidates: (c, all) => [c.runnerUp, ...all.flatMap((x) => [x.winner, x.runnerUp])],
      thing: (c) => `the country that won the ${c.year} World Cup`,
      asks: (c) => [`Who won the ${c.year} FIFA World Cup?`, `Which country lifted the World Cup trophy in ${c.year}?`, `Who were the world champions of football in ${c.year}?`],
    },
    {
      id: "host",
      kinds: ["host", "hosts", "hosted"],
      answer: (c) => c.host,
      correct: (c, option) => nation(option) === nation(c.host),
      candidates: (_, all) => all.map((x) => x.host),
      thing: (c) => `the host of the ${c.year} World Cup`,
      asks: (c) => [`Which country hosted the ${c.year} FIFA World Cup?`, `Where was the ${c.year} World Cup played?`],
      facts: (c, all) => worldCupFacts(c, all, "host"),
    },
  ],
};

const olympics: RecordSet<Olympics> = {
  categories: ["sports", "general-knowledge"],
  keywords: KEYWORDS.filter((k) => !["football", "soccer", "fifa", "worldcup"].includes(k)),
  credit: CREDIT,
  records: OLYMPICS,
  name: (o) => `the ${o.year} Summer Olympics`,
  level: (o) => (o.year >= 1984 ? 1 : o.year >= 1948 ? 2 : 3),
  tags: { summer: () => true, "1980s": (o) => o.year >= 1980 && o.year < 1990, "1990s": (o) => o.year >= 1990 && o.year < 2000 },
  facts: (o, all) => [
    ...note(`${o.year} Olympics`, o.note),
    ...factsFrom("olympics", [
      `${o.city} is in ${the(o.country)}.`,
      hosted(o, all),
    ]),
  ],
  kinds: [
    {
      id: "host-city",
      kinds: ["host", "hosts", "hosted", "city", "cities"],
      answer: (o) => o.city,
      correct: (o, option) => option === o.city,
      candidates: (o, all) => all.filter((x) => x.city !== o.city).sort((a, b) => Math.abs(a.year - o.year) - Math.abs(b.year - o.year)).map((x) => x.city),
      thing: (o) => `the host city of the ${o.year} Summer Olympics`,
      asks: (o) => [`Which city hosted the ${o.year} Summer Olympics?`, `Where were the ${o.year} Summer Olympic Games held?`, `The ${o.year} Summer Olympics took place in which city?`],
    },
  ],
};

const teamSizes: RecordSet<TeamSize> = {
  categories: ["sports", "general-knowledge"],
  keywords: ["sport", "sports", "team", "teams", "players", "rules"],
  credit: CREDIT,
  records: TEAM_SIZES,
  name: (t) => t.sport,
  level: (t) => (["football", "basketball", "baseball", "cricket"].includes(t.sport) ? 1 : 2),
  facts: (t) => note(t.sport, t.note),
  kinds: [
    {
      id: "players",
      kinds: ["players"],
      answer: (t) => String(t.players),
      correct: (t, option) => option === String(t.players),
      candidates: (t) => [t.players - 1, t.players + 1, t.players - 2, t.players + 2, t.players + 4, t.players - 4].filter((n) => n > 1).map(String),
      thing: (t) => `the number of players a ${t.sport} team has on the field`,
      asks: (t) => [`How many players does a ${t.sport} team have on the field at once?`, `A ${t.sport} side fields how many players at a time?`],
    },
  ],
};

export const sportSources = [...recordSources("sport", worldCups), ...recordSources("sport", olympics), ...recordSources("sport", teamSizes)];
