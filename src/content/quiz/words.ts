import { onFirstUse } from "../../kernel/on-first-use.ts";
import { note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";

/**
 * An English word, a short meaning no other word here shares (a narrated question reads four of them
 * aloud: a one- or two-word synonym where a dictionary gives one), and where the word comes from.
 */
interface Word {
  word: string;
  meaning: string;
  origin: string;
  level: 1 | 2 | 3;
}

const WORDS = onFirstUse((): Word[] => [
  { word: "ephemeral", meaning: "short-lived", origin: "Ephemeral comes from the Greek for lasting only a day.", level: 2 },
  { word: "ubiquitous", meaning: "found everywhere", origin: "Ubiquitous comes from the Latin ubique, everywhere.", level: 2 },
  { word: "benevolent", meaning: "well-meaning", origin: "Benevolent comes from the Latin for wishing well.", level: 1 },
  { word: "gregarious", meaning: "sociable", origin: "Gregarious comes from the Latin grex, a flock.", level: 2 },
  { word: "meticulous", meaning: "painstaking", origin: "Meticulous comes from the Latin metus, fear.", level: 1 },
  { word: "candid", meaning: "frank", origin: "Candid comes from the Latin candidus, white.", level: 1 },
  { word: "lethargic", meaning: "sluggish", origin: "Lethargic goes back to Lethe, the river of forgetfulness.", level: 1 },
  { word: "ambiguous", meaning: "with more than one meaning", origin: "Ambiguous comes from the Latin ambiguus, doubtful.", level: 1 },
  { word: "eloquent", meaning: "well-spoken", origin: "Eloquent comes from the Latin eloqui, to speak out.", level: 1 },
  { word: "frugal", meaning: "thrifty", origin: "Frugal comes from the Latin frux, fruit or profit.", level: 1 },
  { word: "tenacious", meaning: "persistent", origin: "Tenacious comes from the Latin tenax, holding fast.", level: 2 },
  { word: "verbose", meaning: "wordy", origin: "Verbose comes from the Latin verbum, a word.", level: 2 },
  { word: "pragmatic", meaning: "practical", origin: "Pragmatic comes from the Greek pragma, a deed.", level: 2 },
  { word: "nostalgia", meaning: "longing for the past", origin: "Nostalgia joins the Greek for homecoming and pain.", level: 1 },
  { word: "serendipity", meaning: "a happy accident", origin: "Horace Walpole coined serendipity in 1754.", level: 2 },
  { word: "obsolete", meaning: "outdated", origin: "Obsolete comes from the Latin obsoletus, grown old.", level: 1 },
  { word: "lucid", meaning: "clear", origin: "Lucid comes from the Latin lucidus, bright.", level: 2 },
  { word: "mundane", meaning: "ordinary", origin: "Mundane comes from the Latin mundus, the world.", level: 2 },
  { word: "prolific", meaning: "producing a lot", origin: "Prolific comes from the Latin proles, offspring.", level: 2 },
  { word: "tranquil", meaning: "calm", origin: "Tranquil comes from the Latin tranquillus, quiet.", level: 1 },
  { word: "zealous", meaning: "fervent", origin: "Zealous comes from the Greek zelos, zeal.", level: 2 },
  { word: "aloof", meaning: "distant", origin: "Aloof began as a sailing term: keep the ship's head to the wind.", level: 2 },
  { word: "resilient", meaning: "quick to recover", origin: "Resilient comes from the Latin resilire, to leap back.", level: 1 },
  { word: "arduous", meaning: "hard and tiring", origin: "Arduous comes from the Latin arduus, steep.", level: 2 },
  { word: "impeccable", meaning: "flawless", origin: "Impeccable comes from the Latin for not sinning.", level: 2 },
  { word: "plausible", meaning: "believable", origin: "Plausible first meant deserving applause, from the Latin plaudere.", level: 2 },
  { word: "ambivalent", meaning: "having mixed feelings", origin: "Ambivalent was coined by the psychiatrist Eugen Bleuler.", level: 3 },
  { word: "scrutinize", meaning: "to examine closely", origin: "Scrutinize comes from the Latin scrutari, to search.", level: 2 },
  { word: "ominous", meaning: "threatening", origin: "Ominous comes from omen, a sign of things to come.", level: 1 },
  { word: "garrulous", meaning: "very talkative", origin: "Garrulous comes from the Latin garrire, to chatter.", level: 3 },
  { word: "ineffable", meaning: "indescribable", origin: "Ineffable comes from the Latin for not utterable.", level: 3 },
  { word: "quixotic", meaning: "idealistic but impractical", origin: "Quixotic comes from Don Quixote, Cervantes's dreamy knight.", level: 3 },
]);

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const KEYWORDS = ["vocabulary", "vocab", "word", "words", "english", "definition", "definitions", "meaning", "meanings", "dictionary", "synonym", "synonyms"];
const CREDIT = "Word meanings: written for this service from standard English dictionaries";

const words: RecordSet<Word> = {
  categories: ["general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: WORDS,
  name: (w) => w.word,
  level: (w) => w.level,
  facts: (w) => note(w.word, w.origin),
  kinds: [
    {
      id: "meaning",
      answer: (w) => w.meaning,
      correct: (w, option) => option === w.meaning,
      thing: (w) => `the meaning of "${w.word}"`,
      asks: (w) => [`What does "${w.word}" mean?`, `"${cap(w.word)}" means what?`, `Define "${w.word}".`],
    },
    {
      id: "word",
      answer: (w) => w.word,
      correct: (w, option) => option === w.word,
      thing: (w) => `the word for "${w.meaning}"`,
      asks: (w) => [`Which word means "${w.meaning}"?`, `"${cap(w.meaning)}" is which word?`],
    },
  ],
};

export const wordSources = recordSources("word", words);
