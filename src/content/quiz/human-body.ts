import { onFirstUse } from "../../kernel/on-first-use.ts";
import { note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";

/** An organ and the job that is its own (no two organs share one as worded here). */
interface Organ {
  organ: string;
  /** What it does, as it reads after "Which organ ...". */
  does: string;
  note: string;
  level: 1 | 2 | 3;
}

interface Bone {
  bone: string;
  /** Its everyday name or where it is, as it reads after "the ...". */
  known: string;
  note: string;
  level: 1 | 2 | 3;
}

interface BodyNumber {
  /** What is counted, as it reads after "How many ...". */
  what: string;
  /** The same as a noun phrase, after "the number of ...". */
  counted: string;
  value: number;
  note: string;
  level: 1 | 2 | 3;
}

const ORGANS = onFirstUse((): Organ[] => [
  { organ: "Heart", does: "pumps blood around the body", note: "The heart has four chambers and beats about 100,000 times a day.", level: 1 },
  { organ: "Lungs", does: "swaps carbon dioxide for oxygen", note: "The right lung has three lobes; the left has two, leaving room for the heart.", level: 1 },
  { organ: "Liver", does: "makes bile", note: "The liver is the largest internal organ and can regrow lost tissue.", level: 2 },
  { organ: "Kidneys", does: "filters the blood to make urine", note: "Most people have two kidneys, each about the size of a fist.", level: 1 },
  { organ: "Stomach", does: "breaks food down with hydrochloric acid", note: "The stomach's lining renews itself every few days against its own acid.", level: 1 },
  { organ: "Small intestine", does: "absorbs most of the nutrients from food", note: "The small intestine is about six metres long.", level: 2 },
  { organ: "Large intestine", does: "absorbs water from what is left of digested food", note: "The large intestine is about one and a half metres long.", level: 2 },
  { organ: "Pancreas", does: "makes insulin", note: "The pancreas also makes enzymes that digest fats, proteins and sugars.", level: 2 },
  { organ: "Brain", does: "uses about a fifth of the body's energy", note: "The brain has around 86 billion nerve cells.", level: 1 },
  { organ: "Skin", does: "covers and protects the whole body", note: "Skin is the body's largest organ.", level: 1 },
  { organ: "Bladder", does: "stores urine", note: "An adult bladder holds about half a litre.", level: 2 },
  { organ: "Gallbladder", does: "stores bile until a meal needs it", note: "The gallbladder sits just under the liver.", level: 3 },
  { organ: "Spleen", does: "recycles old red blood cells", note: "The spleen sits on the upper left of the abdomen.", level: 3 },
  { organ: "Thyroid", does: "sets the body's metabolism from a gland in the neck", note: "The thyroid is shaped like a butterfly.", level: 3 },
]);

const BONES = onFirstUse((): Bone[] => [
  { bone: "Femur", known: "thigh bone", note: "The femur is the longest and strongest bone in the body.", level: 1 },
  { bone: "Patella", known: "kneecap", note: "The patella sits inside the tendon of the thigh muscle.", level: 1 },
  { bone: "Clavicle", known: "collarbone", note: "The clavicle is one of the most often broken bones.", level: 2 },
  { bone: "Scapula", known: "shoulder blade", note: "The scapula links the arm to the collarbone.", level: 2 },
  { bone: "Tibia", known: "shinbone", note: "The tibia carries most of the body's weight in the lower leg.", level: 2 },
  { bone: "Fibula", known: "thin bone beside the shinbone", note: "The fibula bears little weight; it anchors muscles.", level: 3 },
  { bone: "Sternum", known: "breastbone", note: "Most ribs join the sternum through cartilage.", level: 2 },
  { bone: "Mandible", known: "lower jaw", note: "The mandible is the only skull bone that moves.", level: 2 },
  { bone: "Humerus", known: "upper arm bone", note: "The humerus runs from the shoulder to the elbow.", level: 2 },
  { bone: "Radius", known: "forearm bone on the thumb side", note: "The radius turns around the ulna when you twist your wrist.", level: 3 },
  { bone: "Ulna", known: "forearm bone on the little finger side", note: "The ulna forms the point of the elbow.", level: 3 },
  { bone: "Stapes", known: "smallest bone in the body", note: "The stapes, in the middle ear, is about three millimetres long.", level: 2 },
  { bone: "Cranium", known: "part of the skull around the brain", note: "The cranium is made of eight bones fused together.", level: 2 },
  { bone: "Calcaneus", known: "heel bone", note: "The calcaneus is the largest bone in the foot.", level: 3 },
  { bone: "Coccyx", known: "tailbone", note: "The coccyx is made of three to five small fused vertebrae.", level: 3 },
  { bone: "Hyoid", known: "neck bone that touches no other bone", note: "The hyoid supports the tongue.", level: 3 },
  { bone: "Phalanges", known: "bones of the fingers and toes", note: "Each hand has 14 phalanges.", level: 3 },
]);

const NUMBERS = onFirstUse((): BodyNumber[] => [
  { what: "bones are in an adult human skeleton", counted: "bones in an adult human skeleton", value: 206, note: "A newborn has around 300 bones; many fuse as it grows.", level: 1 },
  { what: "chambers does the human heart have", counted: "chambers in the human heart", value: 4, note: "Two atria receive blood and two ventricles pump it out.", level: 1 },
  { what: "teeth does an adult have, wisdom teeth included", counted: "teeth an adult has, wisdom teeth included", value: 32, note: "Adults have 32 teeth; many lose their wisdom teeth.", level: 1 },
  { what: "milk teeth does a child have", counted: "milk teeth a child has", value: 20, note: "A child's 20 milk teeth fall out from about age six.", level: 2 },
  { what: "pairs of ribs does a human have", counted: "pairs of ribs in a human", value: 12, note: "The last two pairs of ribs are called floating ribs.", level: 2 },
  { what: "chromosomes are in most human cells", counted: "chromosomes in most human cells", value: 46, note: "Human cells hold 23 pairs of chromosomes.", level: 2 },
  { what: "vertebrae are in the human neck", counted: "vertebrae in the human neck", value: 7, note: "A giraffe's neck also has seven vertebrae, only longer.", level: 3 },
  { what: "bones are in one human hand, wrist included", counted: "bones in one human hand, wrist included", value: 27, note: "The hand has 8 wrist bones, 5 palm bones and 14 finger bones.", level: 3 },
  { what: "litres of blood does an adult body hold, roughly", counted: "litres of blood in an adult body, roughly", value: 5, note: "Blood is about 7 percent of the body's weight.", level: 2 },
]);

/** Counts near a count, closest first: distractors that sound plausible. */
function nearCounts(n: number): string[] {
  const steps = n >= 100 ? [2, 4, 6, 10, 12, 20] : n >= 10 ? [2, 4, 6, 8, 10, 12] : [1, 2, 3, 4, 5];
  return steps.flatMap((d) => [n - d, n + d]).filter((x) => x > 0).map(String);
}

const KEYWORDS = ["humanbody", "body", "anatomy", "biology", "medicine", "health", "organ", "organs", "bone", "bones", "skeleton"];
const CREDIT = "Human body facts: written for this service from standard anatomy references";
const base = { categories: ["science", "general-knowledge"] as const, keywords: KEYWORDS, credit: CREDIT };

const organs: RecordSet<Organ> = {
  ...base,
  records: ORGANS,
  name: (o) => o.organ,
  level: (o) => o.level,
  facts: (o) => note(o.organ, o.note),
  kinds: [
    {
      id: "organ",
      kinds: ["organ", "organs"],
      answer: (o) => o.organ,
      correct: (o, option) => option === o.organ,
      thing: (o) => `the organ that ${o.does}`,
      asks: (o) => [`Which organ ${o.does}?`, `Name the organ that ${o.does}.`, `Which part of the body ${o.does}?`],
    },
  ],
};

const bones: RecordSet<Bone> = {
  ...base,
  records: BONES,
  name: (b) => b.bone,
  level: (b) => b.level,
  facts: (b) => note(b.bone, b.note),
  kinds: [
    {
      id: "bone",
      kinds: ["bone", "bones", "skeleton"],
      answer: (b) => b.bone,
      correct: (b, option) => option === b.bone,
      thing: (b) => `the proper name for the ${b.known}`,
      asks: (b) => [`What is the medical name for the ${b.known}?`, `Doctors call the ${b.known} what?`, `Which bone is the ${b.known}?`],
    },
  ],
};

const numbers: RecordSet<BodyNumber> = {
  ...base,
  records: NUMBERS,
  name: (n) => n.what,
  level: (n) => n.level,
  facts: (n) => note(n.what, n.note),
  kinds: [
    {
      id: "count",
      answer: (n) => String(n.value),
      correct: (n, option) => option === String(n.value),
      candidates: (n) => nearCounts(n.value),
      thing: (n) => `the number of ${n.counted}`,
      asks: (n) => [`How many ${n.what}?`, `Do you know how many ${n.what}?`],
    },
  ],
};

export const humanBodySources = [...recordSources("body", organs), ...recordSources("body", bones), ...recordSources("body", numbers)];
