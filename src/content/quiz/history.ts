import { onFirstUse } from "../../kernel/on-first-use.ts";
import { factsFrom, note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";

type Era = "ancient" | "medieval" | "modern" | "ww1" | "ww2" | "coldwar" | "space" | "united-states";

interface HistoryEvent {
  /** The event after "In which year did ...". */
  did: string;
  /** The event as a past-tense clause. */
  past: string;
  /** Negative years are BC. */
  year: number;
  tags: Era[];
  note: string;
  level: 1 | 2 | 3;
}

interface Figure {
  /** Who they were, after "Who ...". */
  role: string;
  person: string;
  note: string;
  level: 1 | 2 | 3;
}

const EVENTS = onFirstUse((): HistoryEvent[] => [
  { did: "the first recorded Olympic Games take place", past: "the first recorded Olympic Games took place", year: -776, tags: ["ancient"], note: "The only event at the first Games was a foot race.", level: 3 },
  { did: "Julius Caesar die", past: "Julius Caesar was assassinated", year: -44, tags: ["ancient"], note: "Caesar was stabbed on the Ides of March.", level: 2 },
  { did: "Vesuvius bury Pompeii", past: "Vesuvius buried Pompeii", year: 79, tags: ["ancient"], note: "Ash preserved the town almost as it was that day.", level: 3 },
  { did: "the Western Roman Empire fall", past: "the Western Roman Empire fell", year: 476, tags: ["ancient"], note: "The last western emperor was deposed.", level: 3 },
  { did: "the Battle of Hastings take place", past: "the Battle of Hastings took place", year: 1066, tags: ["medieval"], note: "William of Normandy defeated King Harold II.", level: 1 },
  { did: "King John seal Magna Carta", past: "King John sealed Magna Carta", year: 1215, tags: ["medieval"], note: "Magna Carta was sealed at Runnymede, by the Thames.", level: 2 },
  { did: "the Black Death reach Europe", past: "the Black Death reached Europe", year: 1347, tags: ["medieval"], note: "The plague killed perhaps a third of Europe's people.", level: 3 },
  { did: "Constantinople fall to the Ottomans", past: "Constantinople fell to the Ottomans", year: 1453, tags: ["medieval"], note: "Sultan Mehmed II took the city after a long siege.", level: 2 },
  { did: "Columbus first reach the Americas", past: "Columbus first reached the Americas", year: 1492, tags: ["modern"], note: "Columbus landed in the Bahamas that October.", level: 1 },
  { did: "Martin Luther publish his Ninety-five Theses", past: "Martin Luther published his Ninety-five Theses", year: 1517, tags: ["modern"], note: "The theses set off the Protestant Reformation.", level: 2 },
  { did: "England defeat the Spanish Armada", past: "England defeated the Spanish Armada", year: 1588, tags: ["modern"], note: "Fire ships and storms scattered the Armada.", level: 2 },
  { did: "the Mayflower sail to America", past: "the Mayflower sailed to America", year: 1620, tags: ["modern", "united-states"], note: "The Pilgrims founded Plymouth Colony.", level: 2 },
  { did: "the American colonies declare independence", past: "the American colonies declared independence", year: 1776, tags: ["modern", "united-states"], note: "The Declaration was adopted on 4 July.", level: 1 },
  { did: "the Great Fire of London break out", past: "the Great Fire of London broke out", year: 1666, tags: ["modern"], note: "The fire destroyed old St Paul's Cathedral.", level: 2 },
  { did: "Parisians storm the Bastille", past: "Parisians stormed the Bastille", year: 1789, tags: ["modern"], note: "14 July is now France's national day.", level: 1 },
  { did: "Napoleon crown himself emperor", past: "Napoleon crowned himself emperor", year: 1804, tags: ["modern"], note: "The coronation took place in Notre-Dame de Paris.", level: 2 },
  { did: "the Battle of Waterloo take place", past: "the Battle of Waterloo took place", year: 1815, tags: ["modern"], note: "Wellington and Blücher defeated Napoleon.", level: 1 },
  { did: "the American Civil War end", past: "the American Civil War ended", year: 1865, tags: ["modern", "united-states"], note: "Lincoln was shot days after it ended.", level: 2 },
  { did: "the Suez Canal open", past: "the Suez Canal opened", year: 1869, tags: ["modern"], note: "The canal links the Mediterranean to the Red Sea.", level: 3 },
  { did: "the Eiffel Tower open", past: "the Eiffel Tower opened", year: 1889, tags: ["modern"], note: "The tower was built for the 1889 World's Fair in Paris.", level: 2 },
  { did: "the Wright brothers first fly", past: "the Wright brothers first flew", year: 1903, tags: ["modern", "united-states"], note: "The first flight lasted 12 seconds.", level: 2 },
  { did: "the Titanic sink", past: "the Titanic sank", year: 1912, tags: ["modern"], note: "The Titanic sank on its maiden voyage.", level: 1 },
  { did: "the First World War begin", past: "the First World War began", year: 1914, tags: ["ww1"], note: "The archduke was shot in Sarajevo.", level: 1 },
  { did: "the Battle of the Somme begin", past: "the Battle of the Somme began", year: 1916, tags: ["ww1"], note: "Britain had about 57,000 casualties on day one.", level: 2 },
  { did: "the Bolsheviks seize power in Russia", past: "the Bolsheviks seized power in Russia", year: 1917, tags: ["ww1"], note: "The October Revolution brought Lenin to power.", level: 2 },
  { did: "the First World War end", past: "the First World War ended", year: 1918, tags: ["ww1"], note: "The guns fell silent on 11 November.", level: 1 },
  { did: "the Treaty of Versailles get signed", past: "the Treaty of Versailles was signed", year: 1919, tags: ["ww1"], note: "It was signed in the Hall of Mirrors.", level: 2 },
  { did: "Wall Street crash", past: "Wall Street crashed", year: 1929, tags: ["modern", "united-states"], note: "The crash ushered in the Great Depression.", level: 2 },
  { did: "Germany invade Poland", past: "Germany invaded Poland", year: 1939, tags: ["ww2"], note: "Britain and France declared war on Germany two days later.", level: 1 },
  { did: "the Dunkirk evacuation take place", past: "the Dunkirk evacuation took place", year: 1940, tags: ["ww2"], note: "Over 330,000 soldiers were rescued.", level: 2 },
  { did: "the Battle of Britain take place", past: "the Battle of Britain took place", year: 1940, tags: ["ww2"], note: "It was fought almost entirely in the air.", level: 1 },
  { did: "Germany invade the Soviet Union", past: "Germany invaded the Soviet Union", year: 1941, tags: ["ww2"], note: "The invasion was code-named Operation Barbarossa.", level: 2 },
  { did: "Japan attack Pearl Harbor", past: "Japan attacked Pearl Harbor", year: 1941, tags: ["ww2", "united-states"], note: "The next day the United States declared war on Japan.", level: 1 },
  { did: "the Battle of Midway take place", past: "the Battle of Midway took place", year: 1942, tags: ["ww2"], note: "The US sank four Japanese carriers.", level: 2 },
  { did: "the Allies win at El Alamein", past: "the Allies won at El Alamein", year: 1942, tags: ["ww2"], note: "Montgomery's army pushed Rommel back.", level: 3 },
  { did: "the Battle of Stalingrad end", past: "the Battle of Stalingrad ended", year: 1943, tags: ["ww2"], note: "The German Sixth Army surrendered in the ruined city.", level: 2 },
  { did: "the Allies land in Sicily", past: "the Allies landed in Sicily", year: 1943, tags: ["ww2"], note: "Mussolini was removed from power that July.", level: 3 },
  { did: "the D-Day landings take place", past: "the D-Day landings took place", year: 1944, tags: ["ww2"], note: "About 156,000 Allied troops landed that day.", level: 1 },
  { did: "the Battle of the Bulge begin", past: "the Battle of the Bulge began", year: 1944, tags: ["ww2"], note: "It was Germany's last major offensive in the west.", level: 2 },
  { did: "the Yalta Conference take place", past: "the Yalta Conference took place", year: 1945, tags: ["ww2"], note: "The Big Three met in Crimea that February.", level: 3 },
  { did: "the war in Europe end", past: "the war in Europe ended", year: 1945, tags: ["ww2"], note: "Victory in Europe Day is marked on 8 May.", level: 1 },
  { did: "an atomic bomb destroy Hiroshima", past: "an atomic bomb destroyed Hiroshima", year: 1945, tags: ["ww2"], note: "A second bomb fell on Nagasaki three days later.", level: 1 },
  { did: "India gain independence", past: "India gained independence", year: 1947, tags: ["modern"], note: "India and Pakistan became independent that August.", level: 2 },
  { did: "the Soviet Union launch Sputnik 1", past: "the Soviet Union launched Sputnik 1", year: 1957, tags: ["coldwar", "space"], note: "Sputnik 1 was the first artificial satellite.", level: 2 },
  { did: "Gagarin become the first person in space", past: "Gagarin became the first person in space", year: 1961, tags: ["coldwar", "space"], note: "Gagarin's Vostok 1 orbited Earth once.", level: 2 },
  { did: "the Berlin Wall go up", past: "the Berlin Wall went up", year: 1961, tags: ["coldwar"], note: "The first barriers went up overnight.", level: 2 },
  { did: "the Cuban Missile Crisis happen", past: "the Cuban Missile Crisis happened", year: 1962, tags: ["coldwar", "united-states"], note: "The standoff lasted thirteen days.", level: 2 },
  { did: "President Kennedy die", past: "Kennedy was assassinated", year: 1963, tags: ["united-states", "coldwar"], note: "Kennedy was shot in Dallas.", level: 1 },
  { did: "humans first walk on the Moon", past: "humans first walked on the Moon", year: 1969, tags: ["space", "coldwar", "united-states"], note: "Neil Armstrong stepped out first.", level: 1 },
  { did: "the Chernobyl disaster happen", past: "the Chernobyl disaster happened", year: 1986, tags: ["coldwar"], note: "Reactor number four exploded that April.", level: 2 },
  { did: "the Berlin Wall fall", past: "the Berlin Wall fell", year: 1989, tags: ["coldwar"], note: "Germany was reunified the following year.", level: 1 },
  { did: "the Soviet Union break up", past: "the Soviet Union broke up", year: 1991, tags: ["coldwar"], note: "It split into 15 independent countries.", level: 2 },
  { did: "Nelson Mandela become president of South Africa", past: "Nelson Mandela became president of South Africa", year: 1994, tags: ["modern"], note: "Mandela had spent 27 years in prison.", level: 2 },
  { did: "euro notes and coins come into use", past: "euro notes and coins came into use", year: 2002, tags: ["modern"], note: "Twelve countries switched to euro cash.", level: 2 },
]);

// Short roles and surnames: a narrated question reads all four options aloud.
const FIGURES = onFirstUse((): Figure[] => [
  { role: "became Britain's prime minister in May 1940", person: "Churchill", note: "Churchill later won a Nobel Prize in Literature.", level: 1 },
  { role: "was Britain's prime minister when the war began", person: "Chamberlain", note: "He had signed the Munich Agreement in 1938.", level: 2 },
  { role: "was US president at the time of Pearl Harbor", person: "Roosevelt", note: "Roosevelt was elected four times.", level: 1 },
  { role: "ordered the atomic bombings of Japan", person: "Truman", note: "Truman took office when Roosevelt died.", level: 2 },
  { role: "led the Soviet Union through the war", person: "Stalin", note: "Stalin ruled until his death in 1953.", level: 1 },
  { role: "was Italy's fascist dictator", person: "Mussolini", note: "Mussolini had ruled Italy since 1922.", level: 1 },
  { role: "led the Free French from London", person: "de Gaulle", note: "De Gaulle later founded the Fifth Republic.", level: 2 },
  { role: "commanded the Allied forces on D-Day", person: "Eisenhower", note: "Eisenhower later became US president.", level: 2 },
  { role: "was the general nicknamed the Desert Fox", person: "Rommel", note: "Rommel commanded the Afrika Korps.", level: 2 },
  { role: "led Britain's Eighth Army at El Alamein", person: "Montgomery", note: "His troops called him Monty.", level: 3 },
  { role: "was Japan's emperor during the war", person: "Hirohito", note: "Hirohito announced the surrender by radio.", level: 2 },
]);

/** "44 BC", "AD 79", "1066". */
function yearLabel(year: number): string {
  return year < 0 ? `${-year} BC` : year < 1000 ? `AD ${year}` : String(year);
}

/** Years near a year, closest first, never after this data was written nor year 0. */
function nearYears(year: number): string[] {
  const out: number[] = [];
  for (let d = 1; d <= 15; d++) out.push(year - d, year + d);
  return out.filter((y) => y !== 0 && y <= 2025).map(yearLabel);
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

const TAGS: Era[] = ["ancient", "medieval", "modern", "ww1", "ww2", "coldwar", "space", "united-states"];
const KEYWORDS = ["history", "historical", "historic", "event", "events", "date", "dates", "war", "wars", "battle", "battles", "year", "years", "century", "centuries", "past"];
const CREDIT = "History facts: written for this service from encyclopedia references";

const events: RecordSet<HistoryEvent> = {
  categories: ["history", "general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: EVENTS,
  name: (e) => e.past,
  level: (e) => e.level,
  tags: Object.fromEntries(TAGS.map((t) => [t, (e: HistoryEvent) => e.tags.includes(t)])),
  facts: (e, all) => {
    const same = all.find((x) => x !== e && x.year === e.year);
    return [
      ...note(e.past, e.note),
      // No stock line ("That was in the 20th century."): it took a second and a half to say nothing.
      ...factsFrom("event", [same ? `The same year, ${same.past}.` : null]),
    ];
  },
  kinds: [
    {
      id: "year",
      answer: (e) => yearLabel(e.year),
      correct: (e, option) => option === yearLabel(e.year),
      candidates: (e) => nearYears(e.year),
      thing: (e) => `the year ${e.past}`,
      asks: (e) => [`In which year did ${e.did}?`, `When did ${e.did}?`, `${cap(e.past)} in which year?`],
    },
  ],
};

const figures: RecordSet<Figure> = {
  categories: ["history", "general-knowledge"],
  keywords: [...KEYWORDS, "leader", "leaders", "people"],
  credit: CREDIT,
  records: FIGURES,
  name: (f) => f.person,
  level: (f) => f.level,
  // Every figure here belongs to the Second World War.
  tags: { ww2: () => true },
  facts: (f) => note(f.person, f.note),
  kinds: [
    {
      id: "figure",
      kinds: ["leader", "leaders"],
      answer: (f) => f.person,
      correct: (f, option) => option === f.person,
      thing: (f) => `the person who ${f.role}`,
      asks: (f) => [`Who ${f.role}?`, `Name the person who ${f.role}.`],
    },
  ],
};

export const historySources = [...recordSources("history", events), ...recordSources("history", figures)];
