import { onFirstUse } from "../../kernel/on-first-use.ts";
import { factsFrom, note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";

/** A film by its US release year and its credited director. */
interface Film {
  title: string;
  year: number;
  director: string;
  note: string;
}

/**
 * [title, US release year, credited director, note]: well-known films of the 1980s and 1990s. Directors go
 * by surname (both Scotts in full): a narrated question reads all four options aloud.
 */
const ROWS: [string, number, string, string][] = [
  ["The Empire Strikes Back", 1980, "Kershner", "Darth Vader reveals that he is Luke's father."],
  ["The Shining", 1980, "Kubrick", "It is based on a Stephen King novel."],
  ["Raiders of the Lost Ark", 1981, "Spielberg", "Harrison Ford plays Indiana Jones."],
  ["E.T. the Extra-Terrestrial", 1982, "Spielberg", "E.T. was the highest-grossing film of the 1980s."],
  ["Blade Runner", 1982, "Ridley Scott", "It is based on a Philip K. Dick novel."],
  ["Return of the Jedi", 1983, "Marquand", "The Ewoks live on the forest moon of Endor."],
  ["Scarface", 1983, "De Palma", "Al Pacino plays Tony Montana."],
  ["Ghostbusters", 1984, "Reitman", "Its theme song was a hit for Ray Parker Jr."],
  ["The Terminator", 1984, "Cameron", "Arnold Schwarzenegger plays the cyborg assassin."],
  ["Gremlins", 1984, "Dante", "Rule three: never feed a mogwai after midnight."],
  ["Back to the Future", 1985, "Zemeckis", "Marty McFly travels back to 1955 in a DeLorean."],
  ["The Breakfast Club", 1985, "Hughes", "Five students spend a Saturday in detention."],
  ["The Goonies", 1985, "Donner", "Steven Spielberg came up with its story."],
  ["Top Gun", 1986, "Tony Scott", "Tom Cruise plays the pilot Maverick."],
  ["Aliens", 1986, "Cameron", "Sigourney Weaver returns as Ellen Ripley."],
  ["Ferris Bueller's Day Off", 1986, "Hughes", "Ferris skips school for a day out in Chicago."],
  ["Platoon", 1986, "Stone", "Platoon won the Oscar for Best Picture."],
  ["Stand by Me", 1986, "Reiner", "It is based on the Stephen King novella The Body."],
  ["Dirty Dancing", 1987, "Ardolino", "Patrick Swayze plays the dance teacher Johnny Castle."],
  ["RoboCop", 1987, "Verhoeven", "It is set in a crime-ridden future Detroit."],
  ["The Princess Bride", 1987, "Reiner", "It is based on William Goldman's novel."],
  ["Full Metal Jacket", 1987, "Kubrick", "It follows marines from boot camp to Vietnam."],
  ["Die Hard", 1988, "McTiernan", "Bruce Willis plays John McClane."],
  ["Who Framed Roger Rabbit", 1988, "Zemeckis", "It mixes live action with cartoon characters."],
  ["Rain Man", 1988, "Levinson", "Rain Man won the Oscar for Best Picture."],
  ["Big", 1988, "Marshall", "Tom Hanks plays a boy in a grown man's body."],
  ["Beetlejuice", 1988, "Burton", "Michael Keaton plays the title ghost."],
  ["Batman", 1989, "Burton", "Jack Nicholson plays the Joker."],
  ["Indiana Jones and the Last Crusade", 1989, "Spielberg", "Sean Connery plays Indiana Jones's father."],
  ["When Harry Met Sally...", 1989, "Reiner", "Billy Crystal and Meg Ryan star."],
  ["Home Alone", 1990, "Columbus", "Macaulay Culkin plays Kevin McCallister."],
  ["Goodfellas", 1990, "Scorsese", "Ray Liotta plays the gangster Henry Hill."],
  ["The Silence of the Lambs", 1991, "Demme", "It won all five of the top Oscars."],
  ["Terminator 2: Judgment Day", 1991, "Cameron", "The T-1000 is made of liquid metal."],
  ["Reservoir Dogs", 1992, "Tarantino", "Its robbers go by colour code names such as Mr. Pink."],
  ["Jurassic Park", 1993, "Spielberg", "It is based on Michael Crichton's novel."],
  ["Schindler's List", 1993, "Spielberg", "It is shot almost entirely in black and white."],
  ["Groundhog Day", 1993, "Ramis", "Bill Murray lives the same day again and again."],
  ["Mrs. Doubtfire", 1993, "Columbus", "Robin Williams plays a father disguised as a nanny."],
  ["The Lion King", 1994, "Allers and Minkoff", "Its songs are by Elton John and Tim Rice."],
  ["Pulp Fiction", 1994, "Tarantino", "It won the Palme d'Or at Cannes."],
  ["Forrest Gump", 1994, "Zemeckis", "Forrest Gump won the Oscar for Best Picture."],
  ["The Shawshank Redemption", 1994, "Darabont", "Morgan Freeman narrates it as the prisoner Red."],
  ["Toy Story", 1995, "Lasseter", "It was the first fully computer-animated feature film."],
  ["Braveheart", 1995, "Gibson", "Braveheart won the Oscar for Best Picture."],
  ["Se7en", 1995, "Fincher", "Its detectives hunt a killer inspired by the seven deadly sins."],
  ["Jumanji", 1995, "Johnston", "Robin Williams is trapped inside a board game for decades."],
  ["Independence Day", 1996, "Emmerich", "Aliens attack over the Fourth of July weekend."],
  ["Fargo", 1996, "Coen", "Frances McDormand won an Oscar as police chief Marge Gunderson."],
  ["Scream", 1996, "Craven", "It was written by Kevin Williamson."],
  ["Titanic", 1997, "Cameron", "Titanic won 11 Oscars."],
  ["Men in Black", 1997, "Sonnenfeld", "Will Smith and Tommy Lee Jones star."],
  ["Good Will Hunting", 1997, "Van Sant", "Matt Damon and Ben Affleck won an Oscar for writing it."],
  ["Saving Private Ryan", 1998, "Spielberg", "It opens with the Omaha Beach landing on D-Day."],
  ["The Big Lebowski", 1998, "Coen", "Jeff Bridges plays the Dude."],
  ["The Matrix", 1999, "the Wachowskis", "Keanu Reeves plays Neo."],
  ["Fight Club", 1999, "Fincher", "It is based on Chuck Palahniuk's novel."],
  ["The Sixth Sense", 1999, "Shyamalan", "Its twist ending made it a sensation."],
];

const FILMS = onFirstUse((): Film[] => ROWS.map(([title, year, director, text]) => ({ title, year, director, note: text })));

/** Years near a release year, closest first; never a year after the data was written. */
function nearYears(year: number): string[] {
  return [1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6].map((d) => year + d).filter((y) => y <= 2025).map(String);
}

const decade = (f: Film) => `${Math.floor(f.year / 10) * 10}s`;
const KEYWORDS = ["movie", "movies", "film", "films", "cinema", "hollywood", "blockbuster", "blockbusters", "director", "directors"];
const CREDIT = "Film facts: written for this service from film reference works";
/** The films almost everyone has seen: easy questions come from these. */
const FAMOUS = new Set(["E.T. the Extra-Terrestrial", "Back to the Future", "Ghostbusters", "Top Gun", "Home Alone", "Jurassic Park", "The Lion King", "Titanic", "Toy Story", "The Matrix", "Forrest Gump", "Die Hard", "Raiders of the Lost Ark", "Men in Black", "The Terminator", "Batman"]);

const films: RecordSet<Film> = {
  categories: ["movies-tv", "general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: FILMS,
  name: (f) => f.title,
  level: (f) => (FAMOUS.has(f.title) ? 1 : 2),
  tags: { "1980s": (f) => decade(f) === "1980s", "1990s": (f) => decade(f) === "1990s" },
  facts: (f, all) => {
    const same = all.filter((x) => x !== f && x.director === f.director);
    return [
      ...note(f.title, f.note),
      ...factsFrom("film", [
        `${f.title} came out in ${f.year}.`,
        same.length > 0 ? `${f.director} also directed ${same[0]!.title}.` : null,
        `${f.title} was directed by ${f.director}.`,
      ]),
    ];
  },
  kinds: [
    {
      id: "director",
      kinds: ["director", "directors", "directed"],
      answer: (f) => f.director,
      correct: (f, option) => option === f.director,
      candidates: (f, all) => [...new Set(all.filter((x) => decade(x) === decade(f)).map((x) => x.director).concat(all.map((x) => x.director)))],
      thing: (f) => `the name of the director of ${f.title}`,
      asks: (f) => [`Who directed ${f.title}?`, `${f.title} was directed by whom?`, `Which director made ${f.title}?`],
      facts: (f) => [...note(f.title, f.note), ...factsFrom("film", [`${f.title} came out in ${f.year}.`])],
    },
    {
      id: "year",
      kinds: ["year", "years", "release", "released"],
      answer: (f) => String(f.year),
      correct: (f, option) => option === String(f.year),
      candidates: (f) => nearYears(f.year),
      thing: (f) => `the year ${f.title} came out`,
      asks: (f) => [`In which year was ${f.title} released?`, `When did ${f.title} first hit cinemas?`, `${f.title} came out in which year?`],
      facts: (f, all) => {
        const same = all.filter((x) => x !== f && x.director === f.director);
        return [...note(f.title, f.note), ...factsFrom("film", [null, same.length > 0 ? `${f.director} also directed ${same[0]!.title}.` : null, `${f.title} was directed by ${f.director}.`])];
      },
    },
  ],
};

export const filmSources = recordSources("film", films);
