import { onFirstUse } from "../../kernel/on-first-use.ts";
import { factsFrom, note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";

/** A hit single and the artist whose recording made it famous. */
interface Song {
  title: string;
  artist: string;
  year: number;
  note?: string;
}

/** [title, artist, year of the hit, note]: hits of the 1970s, 1980s and 1990s. */
const ROWS: [string, string, number, string | undefined][] = [
  ["Bohemian Rhapsody", "Queen", 1975, "It runs for almost six minutes and has no chorus."],
  ["Stayin' Alive", "Bee Gees", 1977, "It is on the Saturday Night Fever soundtrack."],
  ["Dancing Queen", "ABBA", 1976, "It was the group's only number one in the United States."],
  ["Hotel California", "Eagles", 1977, "It ends with a long twin-guitar duet."],
  ["Imagine", "John Lennon", 1971, "It is the title track of his 1971 album."],
  ["Y.M.C.A.", "Village People", 1978, "Crowds spell out its title with their arms."],
  ["I Will Survive", "Gloria Gaynor", 1978, "It started life as a B-side."],
  ["Stairway to Heaven", "Led Zeppelin", 1971, "It was never released as a single in the UK or the US."],
  ["Heart of Glass", "Blondie", 1979, "It blended new wave with disco."],
  ["Superstition", "Stevie Wonder", 1972, "Its riff is played on a clavinet."],
  ["Another Brick in the Wall (Part 2)", "Pink Floyd", 1979, "A school choir sings on it."],
  ["Go Your Own Way", "Fleetwood Mac", 1977, undefined],
  ["Le Freak", "Chic", 1978, undefined],
  ["Billie Jean", "Michael Jackson", 1983, "It is on Thriller, the best-selling album of all time."],
  ["Beat It", "Michael Jackson", 1983, "Eddie Van Halen plays its guitar solo."],
  ["Like a Virgin", "Madonna", 1984, undefined],
  ["Like a Prayer", "Madonna", 1989, undefined],
  ["Sweet Child o' Mine", "Guns N' Roses", 1988, "Its opening riff began as a guitar warm-up."],
  ["Take On Me", "a-ha", 1985, "Its video mixed pencil sketches with live action."],
  ["Livin' on a Prayer", "Bon Jovi", 1986, "It tells the story of Tommy and Gina."],
  ["Don't Stop Believin'", "Journey", 1981, undefined],
  ["Every Breath You Take", "The Police", 1983, undefined],
  ["Purple Rain", "Prince", 1984, "It shares its title with his 1984 film."],
  ["Girls Just Want to Have Fun", "Cyndi Lauper", 1983, undefined],
  ["Wake Me Up Before You Go-Go", "Wham!", 1984, undefined],
  ["Never Gonna Give You Up", "Rick Astley", 1987, "It lives on as the rickroll internet prank."],
  ["Eye of the Tiger", "Survivor", 1982, "It was written for the film Rocky III."],
  ["With or Without You", "U2", 1987, "It was the first single from The Joshua Tree."],
  ["Another One Bites the Dust", "Queen", 1980, "Bassist John Deacon wrote it."],
  ["Africa", "Toto", 1982, undefined],
  ["Tainted Love", "Soft Cell", 1981, "It is a cover of a 1960s soul song."],
  ["Don't You (Forget About Me)", "Simple Minds", 1985, "It was written for the film The Breakfast Club."],
  ["Walk Like an Egyptian", "The Bangles", 1986, undefined],
  ["Careless Whisper", "George Michael", 1984, "Its saxophone riff is instantly recognisable."],
  ["Jump", "Van Halen", 1984, "It is driven by a synthesizer riff."],
  ["Footloose", "Kenny Loggins", 1984, "It is the title song of the 1984 film."],
  ["Total Eclipse of the Heart", "Bonnie Tyler", 1983, "Jim Steinman wrote it."],
  ["Smells Like Teen Spirit", "Nirvana", 1991, "It opens the album Nevermind."],
  ["Wonderwall", "Oasis", 1995, "It is on (What's the Story) Morning Glory?"],
  ["...Baby One More Time", "Britney Spears", 1998, "It was her debut single."],
  ["Wannabe", "Spice Girls", 1996, "It was the group's debut single."],
  ["I Will Always Love You", "Whitney Houston", 1992, "Dolly Parton wrote and first recorded it."],
  ["Vogue", "Madonna", 1990, undefined],
  ["Losing My Religion", "R.E.M.", 1991, "It is built on a mandolin riff."],
  ["Creep", "Radiohead", 1992, "It was the band's debut single."],
  ["No Scrubs", "TLC", 1999, undefined],
  ["Torn", "Natalie Imbruglia", 1997, "It is a cover of a song by the band Ednaswap."],
  ["My Heart Will Go On", "Celine Dion", 1997, "It is the theme from the film Titanic."],
  ["Gangsta's Paradise", "Coolio", 1995, "It was made for the film Dangerous Minds."],
  ["Zombie", "The Cranberries", 1994, "It protests the violence of the Troubles in Northern Ireland."],
  ["Bitter Sweet Symphony", "The Verve", 1997, "It samples an orchestral version of a Rolling Stones song."],
  ["Ironic", "Alanis Morissette", 1996, undefined],
  ["Waterfalls", "TLC", 1995, undefined],
  ["Black or White", "Michael Jackson", 1991, "Its video ends with a famous face-morphing sequence."],
  ["Song 2", "Blur", 1997, "Its woo-hoo made it a sports stadium favourite."],
  ["Believe", "Cher", 1998, "It made the pitch-correction vocal effect famous."],
  ["Barbie Girl", "Aqua", 1997, "The band came from Denmark."],
  ["Ice Ice Baby", "Vanilla Ice", 1990, "Its bassline comes from Under Pressure by Queen and David Bowie."],
  ["U Can't Touch This", "MC Hammer", 1990, "It samples Rick James's Super Freak."],
];

const SONGS = onFirstUse((): Song[] => ROWS.map(([title, artist, year, text]) => ({ title, artist, year, note: text })));

const decade = (s: Song) => `${Math.floor(s.year / 10) * 10}s`;
const KEYWORDS = ["music", "song", "songs", "hit", "hits", "pop", "rock", "singer", "singers", "band", "bands", "artist", "artists", "charts", "lyrics", "disco"];
const CREDIT = "Song facts: written for this service from music reference works";

const songs: RecordSet<Song> = {
  categories: ["music", "general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: SONGS,
  name: (s) => s.title,
  level: () => 1,
  tags: { "1970s": (s) => decade(s) === "1970s", "1980s": (s) => decade(s) === "1980s", "1990s": (s) => decade(s) === "1990s" },
  facts: (s, all) => {
    const other = all.find((x) => x !== s && x.artist === s.artist);
    return [
      ...note(s.title, s.note),
      ...factsFrom("song", [`${s.title} was a hit in ${s.year}.`, other ? `${s.artist} also had a hit with ${other.title}.` : null, `${s.title} is a classic of the ${decade(s)}.`]),
    ];
  },
  kinds: [
    {
      id: "artist",
      answer: (s) => s.artist,
      correct: (s, option) => option === s.artist,
      // Artists of the same decade first: the hard ones.
      candidates: (s, all) => [...new Set(all.filter((x) => decade(x) === decade(s)).map((x) => x.artist).concat(all.map((x) => x.artist)))],
      thing: (s) => `the name of the artist behind ${s.title}`,
      asks: (s) => [`Who recorded the hit ${s.title}?`, `${s.title} was a hit for which artist?`, `Which artist is behind the song ${s.title}?`],
    },
  ],
};

export const songSources = recordSources("song", songs);
