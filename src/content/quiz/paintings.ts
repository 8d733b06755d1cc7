import { onFirstUse } from "../../kernel/on-first-use.ts";
import { factsFrom, note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";

type Movement = "renaissance" | "baroque" | "romantic" | "impressionism" | "post-impressionism" | "modern" | "surrealism" | "pop art" | "ukiyo-e" | "early netherlandish";

interface Painter {
  /** As a quiz says it: the surname or the name the painter is known by (four are read aloud per question). */
  name: string;
  /** The country as world-countries names it today. */
  country: string;
  movement: Movement;
  born: number;
  died: number;
}

interface Painting {
  title: string;
  painter: string;
  /** When it was painted, as it is usually given. */
  date: string;
  museum?: string;
  note: string;
}

const PAINTERS = onFirstUse((): Painter[] => [
  { name: "Leonardo", country: "Italy", movement: "renaissance", born: 1452, died: 1519 },
  { name: "Michelangelo", country: "Italy", movement: "renaissance", born: 1475, died: 1564 },
  { name: "Raphael", country: "Italy", movement: "renaissance", born: 1483, died: 1520 },
  { name: "Botticelli", country: "Italy", movement: "renaissance", born: 1445, died: 1510 },
  { name: "Caravaggio", country: "Italy", movement: "baroque", born: 1571, died: 1610 },
  { name: "Rembrandt", country: "Netherlands", movement: "baroque", born: 1606, died: 1669 },
  { name: "Vermeer", country: "Netherlands", movement: "baroque", born: 1632, died: 1675 },
  { name: "Velázquez", country: "Spain", movement: "baroque", born: 1599, died: 1660 },
  { name: "Bosch", country: "Netherlands", movement: "early netherlandish", born: 1450, died: 1516 },
  { name: "Goya", country: "Spain", movement: "romantic", born: 1746, died: 1828 },
  { name: "Friedrich", country: "Germany", movement: "romantic", born: 1774, died: 1840 },
  { name: "Constable", country: "United Kingdom", movement: "romantic", born: 1776, died: 1837 },
  { name: "Turner", country: "United Kingdom", movement: "romantic", born: 1775, died: 1851 },
  { name: "Delacroix", country: "France", movement: "romantic", born: 1798, died: 1863 },
  { name: "Monet", country: "France", movement: "impressionism", born: 1840, died: 1926 },
  { name: "Renoir", country: "France", movement: "impressionism", born: 1841, died: 1919 },
  { name: "Van Gogh", country: "Netherlands", movement: "post-impressionism", born: 1853, died: 1890 },
  { name: "Cézanne", country: "France", movement: "post-impressionism", born: 1839, died: 1906 },
  { name: "Seurat", country: "France", movement: "post-impressionism", born: 1859, died: 1891 },
  { name: "Gauguin", country: "France", movement: "post-impressionism", born: 1848, died: 1903 },
  { name: "Munch", country: "Norway", movement: "modern", born: 1863, died: 1944 },
  { name: "Klimt", country: "Austria", movement: "modern", born: 1862, died: 1918 },
  { name: "Matisse", country: "France", movement: "modern", born: 1869, died: 1954 },
  { name: "Picasso", country: "Spain", movement: "modern", born: 1881, died: 1973 },
  { name: "Mondrian", country: "Netherlands", movement: "modern", born: 1872, died: 1944 },
  { name: "Dalí", country: "Spain", movement: "surrealism", born: 1904, died: 1989 },
  { name: "Magritte", country: "Belgium", movement: "surrealism", born: 1898, died: 1967 },
  { name: "Frida Kahlo", country: "Mexico", movement: "modern", born: 1907, died: 1954 },
  { name: "Grant Wood", country: "United States", movement: "modern", born: 1891, died: 1942 },
  { name: "Hopper", country: "United States", movement: "modern", born: 1882, died: 1967 },
  { name: "Warhol", country: "United States", movement: "pop art", born: 1928, died: 1987 },
  { name: "Hokusai", country: "Japan", movement: "ukiyo-e", born: 1760, died: 1849 },
]);

const PAINTINGS = onFirstUse((): Painting[] => [
  { title: "the Mona Lisa", painter: "Leonardo", date: "the early 1500s", museum: "the Louvre in Paris", note: "The Mona Lisa was stolen from the Louvre in 1911." },
  { title: "The Last Supper", painter: "Leonardo", date: "the 1490s", museum: "a convent refectory in Milan", note: "The Last Supper is painted straight onto a wall." },
  { title: "The Creation of Adam", painter: "Michelangelo", date: "about 1512", museum: "the Sistine Chapel", note: "The Creation of Adam is part of the Sistine Chapel ceiling." },
  { title: "The School of Athens", painter: "Raphael", date: "1509 to 1511", museum: "the Vatican's Apostolic Palace", note: "The School of Athens gathers the great Greek thinkers." },
  { title: "The Birth of Venus", painter: "Botticelli", date: "the 1480s", museum: "the Uffizi in Florence", note: "Venus arrives on the shore standing in a giant scallop shell." },
  { title: "The Calling of Saint Matthew", painter: "Caravaggio", date: "about 1600", museum: "a church in Rome", note: "A beam of light points to Matthew in a dark tax office." },
  { title: "The Night Watch", painter: "Rembrandt", date: "1642", museum: "the Rijksmuseum in Amsterdam", note: "The Night Watch is a daytime scene darkened by old varnish." },
  { title: "Girl with a Pearl Earring", painter: "Vermeer", date: "about 1665", museum: "the Mauritshuis in The Hague", note: "Girl with a Pearl Earring is a tronie, a study of a face." },
  { title: "Las Meninas", painter: "Velázquez", date: "1656", museum: "the Prado in Madrid", note: "The painter put himself into Las Meninas, brush in hand." },
  { title: "The Garden of Earthly Delights", painter: "Bosch", date: "about 1500", museum: "the Prado in Madrid", note: "The Garden of Earthly Delights is a three-panel triptych." },
  { title: "The Third of May 1808", painter: "Goya", date: "1814", museum: "the Prado in Madrid", note: "It shows Spanish civilians shot by Napoleon's soldiers." },
  { title: "Wanderer above the Sea of Fog", painter: "Friedrich", date: "about 1818", museum: "the Hamburger Kunsthalle", note: "A lone man stands on a rocky peak, his back to us." },
  { title: "The Hay Wain", painter: "Constable", date: "1821", museum: "the National Gallery in London", note: "A horse-drawn cart crosses a river in Suffolk." },
  { title: "The Fighting Temeraire", painter: "Turner", date: "1839", museum: "the National Gallery in London", note: "A steam tug tows an old warship to be broken up." },
  { title: "Liberty Leading the People", painter: "Delacroix", date: "1830", museum: "the Louvre in Paris", note: "It celebrates the July Revolution of 1830 in France." },
  { title: "Impression, Sunrise", painter: "Monet", date: "1872", museum: "the Musée Marmottan Monet in Paris", note: "Impression, Sunrise gave Impressionism its name." },
  { title: "Water Lilies", painter: "Monet", date: "his last thirty years", note: "The lilies grew in the painter's own garden pond at Giverny." },
  { title: "Luncheon of the Boating Party", painter: "Renoir", date: "1881", museum: "the Phillips Collection in Washington", note: "Friends of the painter lunch on a balcony by the Seine." },
  { title: "The Starry Night", painter: "Van Gogh", date: "1889", museum: "the Museum of Modern Art in New York", note: "The Starry Night shows the view from an asylum window." },
  { title: "Sunflowers", painter: "Van Gogh", date: "1888 and 1889", note: "The painter made several versions of Sunflowers in Arles." },
  { title: "The Card Players", painter: "Cézanne", date: "the early 1890s", note: "The Card Players is a series of five paintings." },
  { title: "A Sunday Afternoon on the Island of La Grande Jatte", painter: "Seurat", date: "1884 to 1886", museum: "the Art Institute of Chicago", note: "It is painted entirely in small dots of colour." },
  { title: "Where Do We Come From? What Are We? Where Are We Going?", painter: "Gauguin", date: "1897", museum: "the Museum of Fine Arts in Boston", note: "The painter made it in Tahiti." },
  { title: "The Scream", painter: "Munch", date: "1893", museum: "the National Museum in Oslo", note: "The Scream exists in several paintings, pastels and prints." },
  { title: "The Kiss", painter: "Klimt", date: "1907 and 1908", museum: "the Belvedere in Vienna", note: "The Kiss is covered in real gold leaf." },
  { title: "The Dance", painter: "Matisse", date: "1910", note: "Five red figures dance in a ring on green and blue." },
  { title: "Guernica", painter: "Picasso", date: "1937", museum: "the Reina Sofía in Madrid", note: "Guernica shows the bombing of a Basque town in black and white." },
  { title: "Les Demoiselles d'Avignon", painter: "Picasso", date: "1907", museum: "the Museum of Modern Art in New York", note: "Its flattened, angular figures led the way to Cubism." },
  { title: "Composition with Red, Blue and Yellow", painter: "Mondrian", date: "1930", note: "Black lines divide white canvas into blocks of primary colour." },
  { title: "The Persistence of Memory", painter: "Dalí", date: "1931", museum: "the Museum of Modern Art in New York", note: "Its soft, melting pocket watches are famous." },
  { title: "The Son of Man", painter: "Magritte", date: "1964", note: "A green apple hides the face of a man in a bowler hat." },
  { title: "The Two Fridas", painter: "Frida Kahlo", date: "1939", museum: "the Museo de Arte Moderno in Mexico City", note: "Two self-portraits sit side by side, their hearts linked." },
  { title: "American Gothic", painter: "Grant Wood", date: "1930", museum: "the Art Institute of Chicago", note: "A farmer holding a pitchfork stands beside a woman." },
  { title: "Nighthawks", painter: "Hopper", date: "1942", museum: "the Art Institute of Chicago", note: "Nighthawks shows late-night customers in a corner diner." },
  { title: "Campbell's Soup Cans", painter: "Warhol", date: "1962", museum: "the Museum of Modern Art in New York", note: "It is 32 canvases, one for each soup flavour then sold." },
  { title: "The Great Wave off Kanagawa", painter: "Hokusai", date: "about 1831", note: "The Great Wave is a woodblock print, made in thousands of copies." },
]);

const painterNamed = (name: string) => PAINTERS().find((p) => p.name === name)!;
const MOVEMENT_NAMES: Record<Movement, string> = {
  renaissance: "the Renaissance",
  baroque: "the Baroque",
  romantic: "Romanticism",
  impressionism: "Impressionism",
  "post-impressionism": "Post-Impressionism",
  modern: "modern art",
  surrealism: "Surrealism",
  "pop art": "Pop Art",
  "ukiyo-e": "the Japanese ukiyo-e school",
  "early netherlandish": "Early Netherlandish painting",
};
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Tags of painters and paintings alike: their country (as TAG_WORDS name it) and their movement. */
function painterTags(): Record<string, (p: Painter) => boolean> {
  const countries: Record<string, string> = { italy: "Italy", france: "France", spain: "Spain", netherlands: "Netherlands", "united-states": "United States", "united-kingdom": "United Kingdom", germany: "Germany", japan: "Japan", mexico: "Mexico", austria: "Austria" };
  return {
    ...Object.fromEntries(Object.entries(countries).map(([tag, country]) => [tag, (p: Painter) => p.country === country])),
    renaissance: (p) => p.movement === "renaissance",
    baroque: (p) => p.movement === "baroque",
    romantic: (p) => p.movement === "romantic",
    impressionism: (p) => p.movement === "impressionism" || p.movement === "post-impressionism",
    surrealism: (p) => p.movement === "surrealism",
  };
}
const forPainting = <T>(tags: Record<string, (p: Painter) => T>) => Object.fromEntries(Object.entries(tags).map(([t, f]) => [t, (w: Painting) => f(painterNamed(w.painter))]));

const KEYWORDS = ["art", "arts", "artist", "artists", "painter", "painters", "painting", "paintings", "masterpiece", "masterpieces", "artwork", "artworks", "museum", "gallery"];
const CREDIT = "Art facts: written for this service from museum and encyclopedia references";
const FAMOUS = new Set(["Leonardo", "Michelangelo", "Van Gogh", "Picasso", "Monet", "Dalí", "Munch", "Rembrandt", "Warhol", "Frida Kahlo"]);

const paintings: RecordSet<Painting> = {
  categories: ["general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: PAINTINGS,
  name: (w) => w.title,
  level: (w) => (FAMOUS.has(w.painter) ? 1 : 2),
  tags: forPainting(painterTags()),
  facts: (w) => {
    const p = painterNamed(w.painter);
    return [
      ...note(w.title, w.note),
      ...factsFrom("painting", [
        w.museum ? `${cap(w.title)} hangs in ${w.museum}.` : null,
        `${cap(w.title)} dates from ${w.date}.`,
        `${p.name} was born in ${p.born} and died in ${p.died}.`,
        `${p.name} is a master of ${MOVEMENT_NAMES[p.movement]}.`,
      ]),
    ];
  },
  kinds: [
    {
      id: "painter",
      kinds: ["painting", "paintings", "masterpiece", "masterpieces", "artwork", "artworks"],
      answer: (w) => w.painter,
      correct: (w, option) => option === w.painter,
      candidates: (w, all) => {
        const own = painterNamed(w.painter);
        // Painters of the same movement first: the hard distractors.
        return [...new Set(all.map((x) => x.painter))].filter((n) => n !== w.painter).sort((a, b) => Number(painterNamed(b).movement === own.movement) - Number(painterNamed(a).movement === own.movement));
      },
      thing: (w) => `the name of the painter of ${w.title}`,
      asks: (w) => [`Who painted ${w.title}?`, `${cap(w.title)} is the work of which artist?`, `Which artist gave the world ${w.title}?`],
    },
  ],
};

const painters: RecordSet<Painter> = {
  categories: ["general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: PAINTERS,
  name: (p) => p.name,
  level: (p) => (FAMOUS.has(p.name) ? 1 : 2),
  tags: painterTags(),
  facts: (p) => {
    const [first, second] = PAINTINGS().filter((w) => w.painter === p.name);
    const century = Math.floor(p.born / 100) + 1;
    return factsFrom("painter", [
      first ? `${p.name} painted ${first.title}.` : null,
      second ? `${p.name} also painted ${second.title}.` : null,
      `${p.name} lived from ${p.born} to ${p.died}.`,
      `${p.name} belongs to ${MOVEMENT_NAMES[p.movement]}.`,
      `${p.name} died at about ${p.died - p.born}.`,
      `${p.name} was born in the ${century}th century.`,
    ]);
  },
  kinds: [
    {
      id: "country",
      kinds: ["nationality", "nationalities"],
      // "French painters": every answer would be France.
      askedWhenTagged: false,
      answer: (p) => p.country,
      correct: (p, option) => option === p.country,
      thing: (p) => `the home country of ${p.name}`,
      asks: (p) => [`Which country was ${p.name} from?`, `${p.name} was a painter from which country?`, `Where did ${p.name} come from?`],
    },
  ],
};

export const paintingSources = [...recordSources("art", paintings), ...recordSources("art", painters)];
