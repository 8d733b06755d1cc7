import { onFirstUse } from "../../kernel/on-first-use.ts";
import { factsFrom, note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";

interface Instrument {
  name: string;
  family: "Strings" | "Woodwind" | "Brass" | "Percussion";
  /** Where it comes from, for instruments tied to one country (world-countries' name). */
  country?: string;
  strings?: number;
  note: string;
}

interface Composer {
  name: string;
  /** The name the composer is known by, as an option is read: a surname, or more where two share it (the Strausses). */
  known: string;
  /** Where the composer was born, as the country is named today; null where that would mislead (Handel: German-born, British by choice; Liszt: Hungarian, born in today's Austria). */
  country: string | null;
  born: number;
  died: number;
}

interface Work {
  title: string;
  composer: string;
  note: string;
  level: 1 | 2 | 3;
}

const INSTRUMENTS = onFirstUse((): Instrument[] => [
  { name: "Violin", family: "Strings", strings: 4, note: "The violin is the highest-pitched member of the string family." },
  { name: "Viola", family: "Strings", note: "The viola is a little larger and deeper than the violin." },
  { name: "Cello", family: "Strings", strings: 4, note: "A cellist plays seated, with the cello between the knees." },
  { name: "Double bass", family: "Strings", note: "The double bass is the largest bowed string instrument in the orchestra." },
  { name: "Harp", family: "Strings", note: "A concert harp has 47 strings and seven pedals." },
  { name: "Flute", family: "Woodwind", note: "The flute is a woodwind even though it is usually made of metal." },
  { name: "Clarinet", family: "Woodwind", note: "The clarinet is played with a single reed." },
  { name: "Oboe", family: "Woodwind", note: "The orchestra tunes to a note played by the oboe." },
  { name: "Bassoon", family: "Woodwind", note: "Unfolded, the bassoon's tube is about two and a half metres long." },
  { name: "Saxophone", family: "Woodwind", note: "Adolphe Sax invented the saxophone in the 1840s." },
  { name: "Piccolo", family: "Woodwind", note: "The piccolo sounds an octave above the flute." },
  { name: "Trumpet", family: "Brass", note: "A trumpet has three valves." },
  { name: "Trombone", family: "Brass", note: "The trombone changes pitch with a slide." },
  { name: "French horn", family: "Brass", note: "Unwound, a French horn's tubing is several metres long." },
  { name: "Tuba", family: "Brass", note: "The tuba is the lowest-pitched brass instrument." },
  { name: "Timpani", family: "Percussion", note: "Timpani are tuned drums, also called kettledrums." },
  { name: "Xylophone", family: "Percussion", note: "A xylophone has wooden bars struck with mallets." },
  { name: "Triangle", family: "Percussion", note: "A triangle is a steel rod bent into shape and left open at one corner." },
  { name: "Snare drum", family: "Percussion", note: "A snare drum buzzes because of wires stretched under it." },
  { name: "Sitar", family: "Strings", country: "India", note: "Ravi Shankar made the sitar famous around the world." },
  { name: "Didgeridoo", family: "Woodwind", country: "Australia", note: "The didgeridoo is played with circular breathing." },
  { name: "Balalaika", family: "Strings", country: "Russia", note: "A balalaika has a triangular body." },
  { name: "Bouzouki", family: "Strings", country: "Greece", note: "The bouzouki is at the heart of rebetiko music." },
  { name: "Koto", family: "Strings", country: "Japan", note: "A koto is a long zither usually with 13 strings." },
  { name: "Steelpan", family: "Percussion", country: "Trinidad and Tobago", note: "Steelpans were first made from oil drums." },
  { name: "Erhu", family: "Strings", country: "China", note: "The erhu has two strings and is played with a bow." },
  { name: "Alphorn", family: "Brass", country: "Switzerland", note: "An alphorn is carved from wood and can be over three metres long." },
  { name: "Guitar", family: "Strings", strings: 6, note: "The modern classical guitar took shape in Spain." },
  { name: "Ukulele", family: "Strings", strings: 4, note: "The ukulele was developed in Hawaii from a Portuguese instrument." },
]);

const COMPOSERS = onFirstUse((): Composer[] => [
  { name: "Antonio Vivaldi", known: "Vivaldi", country: "Italy", born: 1678, died: 1741 },
  { name: "Johann Sebastian Bach", known: "Bach", country: "Germany", born: 1685, died: 1750 },
  { name: "George Frideric Handel", known: "Handel", country: null, born: 1685, died: 1759 },
  { name: "Johann Pachelbel", known: "Pachelbel", country: "Germany", born: 1653, died: 1706 },
  { name: "Wolfgang Amadeus Mozart", known: "Mozart", country: "Austria", born: 1756, died: 1791 },
  { name: "Ludwig van Beethoven", known: "Beethoven", country: "Germany", born: 1770, died: 1827 },
  { name: "Gioachino Rossini", known: "Rossini", country: "Italy", born: 1792, died: 1868 },
  { name: "Frédéric Chopin", known: "Chopin", country: "Poland", born: 1810, died: 1849 },
  { name: "Franz Liszt", known: "Liszt", country: null, born: 1811, died: 1886 },
  { name: "Richard Wagner", known: "Wagner", country: "Germany", born: 1813, died: 1883 },
  { name: "Giuseppe Verdi", known: "Verdi", country: "Italy", born: 1813, died: 1901 },
  { name: "Johann Strauss II", known: "Johann Strauss", country: "Austria", born: 1825, died: 1899 },
  { name: "Camille Saint-Saëns", known: "Saint-Saëns", country: "France", born: 1835, died: 1921 },
  { name: "Georges Bizet", known: "Bizet", country: "France", born: 1838, died: 1875 },
  { name: "Modest Mussorgsky", known: "Mussorgsky", country: "Russia", born: 1839, died: 1881 },
  { name: "Pyotr Ilyich Tchaikovsky", known: "Tchaikovsky", country: "Russia", born: 1840, died: 1893 },
  { name: "Antonín Dvořák", known: "Dvořák", country: "Czechia", born: 1841, died: 1904 },
  { name: "Edvard Grieg", known: "Grieg", country: "Norway", born: 1843, died: 1907 },
  { name: "Giacomo Puccini", known: "Puccini", country: "Italy", born: 1858, died: 1924 },
  { name: "Claude Debussy", known: "Debussy", country: "France", born: 1862, died: 1918 },
  { name: "Richard Strauss", known: "Richard Strauss", country: "Germany", born: 1864, died: 1949 },
  { name: "Erik Satie", known: "Satie", country: "France", born: 1866, died: 1925 },
  { name: "Gustav Holst", known: "Holst", country: "United Kingdom", born: 1874, died: 1934 },
  { name: "Maurice Ravel", known: "Ravel", country: "France", born: 1875, died: 1937 },
  { name: "Igor Stravinsky", known: "Stravinsky", country: null, born: 1882, died: 1971 },
  { name: "George Gershwin", known: "Gershwin", country: "United States", born: 1898, died: 1937 },
]);

const WORKS = onFirstUse((): Work[] => [
  { title: "The Four Seasons", composer: "Antonio Vivaldi", note: "The Four Seasons is a set of four violin concertos.", level: 1 },
  { title: "the Moonlight Sonata", composer: "Ludwig van Beethoven", note: "A critic gave it the name Moonlight after the composer's death.", level: 1 },
  { title: "Für Elise", composer: "Ludwig van Beethoven", note: "Für Elise was published decades after its composer died.", level: 1 },
  { title: "the Ode to Joy symphony, the Ninth", composer: "Ludwig van Beethoven", note: "Its composer was almost completely deaf when he wrote it.", level: 2 },
  { title: "Eine kleine Nachtmusik", composer: "Wolfgang Amadeus Mozart", note: "The title means a little night music.", level: 1 },
  { title: "The Magic Flute", composer: "Wolfgang Amadeus Mozart", note: "The Magic Flute premiered in Vienna in 1791.", level: 2 },
  { title: "Swan Lake", composer: "Pyotr Ilyich Tchaikovsky", note: "Swan Lake premiered at the Bolshoi Theatre in 1877.", level: 1 },
  { title: "The Nutcracker", composer: "Pyotr Ilyich Tchaikovsky", note: "The Sugar Plum Fairy dances to the chime of a celesta.", level: 1 },
  { title: "the 1812 Overture", composer: "Pyotr Ilyich Tchaikovsky", note: "The 1812 Overture calls for real cannon fire.", level: 2 },
  { title: "The Planets", composer: "Gustav Holst", note: "The Planets has seven movements; Earth is left out.", level: 2 },
  { title: "Boléro", composer: "Maurice Ravel", note: "Boléro repeats one melody over a steady snare drum rhythm.", level: 2 },
  { title: "Clair de lune", composer: "Claude Debussy", note: "Clair de lune is part of the Suite bergamasque.", level: 2 },
  { title: "The Blue Danube", composer: "Johann Strauss II", note: "The Blue Danube is the best-known Viennese waltz.", level: 2 },
  { title: "Ride of the Valkyries", composer: "Richard Wagner", note: "It opens the third act of the opera Die Walküre.", level: 2 },
  { title: "Messiah", composer: "George Frideric Handel", note: "Audiences traditionally stand for its Hallelujah chorus.", level: 1 },
  { title: "Water Music", composer: "George Frideric Handel", note: "Water Music was first played on a barge on the Thames.", level: 2 },
  { title: "the Brandenburg Concertos", composer: "Johann Sebastian Bach", note: "They were dedicated to a margrave of Brandenburg in 1721.", level: 2 },
  { title: "Carmen", composer: "Georges Bizet", note: "The opera Carmen is set in Seville.", level: 1 },
  { title: "La traviata", composer: "Giuseppe Verdi", note: "La traviata was first staged at La Fenice, in Venice.", level: 2 },
  { title: "Madama Butterfly", composer: "Giacomo Puccini", note: "Madama Butterfly is set in Nagasaki.", level: 2 },
  { title: "The Rite of Spring", composer: "Igor Stravinsky", note: "Its 1913 premiere in Paris caused a near riot.", level: 2 },
  { title: "Rhapsody in Blue", composer: "George Gershwin", note: "It opens with a famous clarinet glissando.", level: 2 },
  { title: "In the Hall of the Mountain King", composer: "Edvard Grieg", note: "It was written for the play Peer Gynt.", level: 2 },
  { title: "the New World Symphony", composer: "Antonín Dvořák", note: "Its composer wrote it while living in New York.", level: 2 },
  { title: "Canon in D", composer: "Johann Pachelbel", note: "Canon in D is a favourite at weddings.", level: 2 },
  { title: "The Barber of Seville", composer: "Gioachino Rossini", note: "Figaro sings Largo al factotum in it.", level: 2 },
  { title: "the William Tell Overture", composer: "Gioachino Rossini", note: "Its finale became the Lone Ranger's theme.", level: 2 },
  { title: "the Minute Waltz", composer: "Frédéric Chopin", note: "It usually takes longer than a minute to play.", level: 2 },
  { title: "The Carnival of the Animals", composer: "Camille Saint-Saëns", note: "It includes The Swan, a solo for cello.", level: 3 },
  { title: "Also sprach Zarathustra", composer: "Richard Strauss", note: "Its opening was used in the film 2001: A Space Odyssey.", level: 3 },
  { title: "Pictures at an Exhibition", composer: "Modest Mussorgsky", note: "Ravel's orchestration is the best-known version.", level: 3 },
  { title: "the Gymnopédies", composer: "Erik Satie", note: "There are three Gymnopédies, for solo piano.", level: 3 },
  { title: "the Hungarian Rhapsodies", composer: "Franz Liszt", note: "There are 19 Hungarian Rhapsodies.", level: 3 },
]);

const composerNamed = (name: string) => COMPOSERS().find((c) => c.name === name)!;
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const COMPOSER_TAGS: Record<string, string> = { italy: "Italy", germany: "Germany", france: "France", russia: "Russia", austria: "Austria" };
const KEYWORDS = ["music", "musical", "musician", "musicians", "classical", "composer", "composers", "orchestra", "symphony", "symphonies", "opera", "operas", "instrument", "instruments"];
const CREDIT = "Music facts: written for this service from music encyclopedia references";

const instruments: RecordSet<Instrument> = {
  categories: ["music", "general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: INSTRUMENTS,
  name: (i) => i.name,
  level: (i) => (i.country ? 2 : 1),
  facts: (i) => [...note(i.name, i.note), ...factsFrom("instrument", [`The ${i.name.toLowerCase()} belongs to the ${i.family.toLowerCase()} family.`])],
  kinds: [
    {
      id: "family",
      kinds: ["instrument", "instruments", "orchestra", "family", "families"],
      answer: (i) => i.family,
      correct: (i, option) => option === i.family,
      candidates: (i) => ["Strings", "Woodwind", "Brass", "Percussion"].filter((f) => f !== i.family),
      thing: (i) => `the instrument family of the ${i.name.toLowerCase()}`,
      asks: (i) => [`Which family of instruments does the ${i.name.toLowerCase()} belong to?`, `The ${i.name.toLowerCase()} is part of which instrument family?`],
      facts: (i) => note(i.name, i.note),
    },
    {
      id: "origin",
      kinds: ["instrument", "instruments", "folk", "traditional"],
      answer: (i) => i.country ?? null,
      correct: (i, option) => option === i.country,
      candidates: (i, all) => [...new Set(all.flatMap((x) => (x.country ? [x.country] : [])))].concat(["Spain", "Brazil", "Ireland", "Egypt"]).filter((c) => c !== i.country),
      thing: (i) => `the home country of the ${i.name.toLowerCase()}`,
      asks: (i) => [`Which country does the ${i.name.toLowerCase()} come from?`, `The ${i.name.toLowerCase()} is a traditional instrument of which country?`],
    },
    {
      id: "strings",
      kinds: ["strings"],
      answer: (i) => (i.strings ? String(i.strings) : null),
      correct: (i, option) => option === String(i.strings),
      candidates: (i) => ["3", "4", "5", "6", "7", "8", "12"].filter((n) => n !== String(i.strings)),
      thing: (i) => `the number of strings on a standard ${i.name.toLowerCase()}`,
      asks: (i) => [`How many strings does a standard ${i.name.toLowerCase()} have?`, `Count the strings on a standard ${i.name.toLowerCase()}: how many?`],
      facts: (i) => note(i.name, i.note),
    },
  ],
};

const works: RecordSet<Work> = {
  categories: ["music", "general-knowledge"],
  keywords: KEYWORDS.filter((k) => !k.startsWith("instrument")),
  credit: CREDIT,
  records: WORKS,
  name: (w) => w.title,
  level: (w) => w.level,
  tags: { ...Object.fromEntries(Object.entries(COMPOSER_TAGS).map(([tag, country]) => [tag, (w: Work) => composerNamed(w.composer).country === country])) },
  facts: (w) => {
    const c = composerNamed(w.composer);
    return [...note(w.title, w.note), ...factsFrom("work", [`${c.name} lived from ${c.born} to ${c.died}.`, c.country ? `${c.name} was born in what is now ${c.country === "United Kingdom" || c.country === "United States" ? `the ${c.country}` : c.country}.` : null])];
  },
  kinds: [
    {
      id: "composer",
      kinds: ["composer", "composers", "classical", "symphony", "symphonies", "opera", "operas"],
      // Options are the names composers are known by: "Tchaikovsky" is read in a third of the time of "Pyotr Ilyich Tchaikovsky".
      answer: (w) => composerNamed(w.composer).known,
      correct: (w, option) => option === composerNamed(w.composer).known,
      candidates: (w) =>
        COMPOSERS()
          .filter((c) => c.name !== w.composer)
          .sort((a, b) => Math.abs(a.born - composerNamed(w.composer).born) - Math.abs(b.born - composerNamed(w.composer).born))
          .map((c) => c.known),
      thing: (w) => `the composer of ${w.title}`,
      asks: (w) => [`Who composed ${w.title}?`, `${cap(w.title)} is the work of which composer?`, `Which composer wrote ${w.title}?`],
    },
  ],
};

export const musicSources = [...recordSources("music", instruments), ...recordSources("music", works)];
