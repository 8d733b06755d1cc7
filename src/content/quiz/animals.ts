import { onFirstUse } from "../../kernel/on-first-use.ts";
import { note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";

interface AnimalFact {
  animal: string;
  value: string;
  note?: string;
  level: 1 | 2 | 3;
}

/** [animal, what makes it stand out (after "Which animal ..."), note, level]: no other animal here fits. */
const RECORD_HOLDERS: [string, string, string, 1 | 2 | 3][] = [
  ["Cheetah", "is the fastest animal on land", "A cheetah can sprint at over 100 kilometres an hour.", 1],
  ["Blue whale", "is the largest animal that has ever lived", "A blue whale can be about 30 metres long.", 1],
  ["Giraffe", "is the tallest living animal", "A giraffe's tongue can be about 50 centimetres long.", 1],
  ["Ostrich", "is the largest living bird", "Ostriches lay the largest eggs of any living bird.", 1],
  ["Bee hummingbird", "is the smallest bird in the world", "The bee hummingbird lives only in Cuba.", 2],
  ["African elephant", "is the largest land animal", "An elephant's trunk has tens of thousands of muscles.", 1],
  ["Peregrine falcon", "is the fastest animal in a dive", "A diving peregrine can pass 300 kilometres an hour.", 2],
  ["Saltwater crocodile", "is the largest living reptile", "Saltwater crocodiles can grow over six metres long.", 2],
  ["Whale shark", "is the largest fish in the sea", "Whale sharks feed mostly on plankton.", 2],
  ["Bat", "is the only mammal that can truly fly", "Bats make up about a fifth of all mammal species.", 1],
  ["Sloth", "is known as the slowest-moving mammal", "Sloths climb down from their trees about once a week.", 1],
  ["Platypus", "is a mammal that lays eggs and has a duck-like bill", "Male platypuses have venomous spurs.", 1],
  ["Red kangaroo", "is the largest marsupial", "Red kangaroos can clear about eight metres in one bound.", 2],
  ["Arctic tern", "makes the longest migration of any animal", "Arctic terns see two summers every year.", 3],
  ["Octopus", "has three hearts and blue blood", "Octopuses can change colour in a fraction of a second.", 2],
  ["Polar bear", "has black skin under its pale fur", "Polar bear hairs are see-through, not white.", 2],
  ["Koala", "eats almost nothing but eucalyptus leaves", "Koalas sleep up to about 20 hours a day.", 1],
  ["Giant panda", "eats mostly bamboo", "A giant panda can spend over half its day eating.", 1],
  ["Hippopotamus", "makes a reddish fluid that works as sunscreen", "Hippos walk along river beds rather than swim.", 3],
  ["Owl", "can turn its head about 270 degrees", "Owls cannot move their eyes in their sockets.", 2],
];

/** [animal, the name of its young, note]: each name belongs to one animal here. */
const BABIES: [string, string, string, 1 | 2 | 3][] = [
  ["kangaroo", "Joey", "A newborn joey is about the size of a jellybean.", 1],
  ["swan", "Cygnet", "Cygnets are usually grey or brown, not white.", 2],
  ["goose", "Gosling", "Goslings can swim within a day of hatching.", 2],
  ["owl", "Owlet", "Owlets hatch days apart, so siblings differ in size.", 2],
  ["horse", "Foal", "A foal can stand within an hour of birth.", 1],
  ["frog", "Tadpole", "Tadpoles breathe through gills.", 1],
  ["hare", "Leveret", "Leverets are born with fur and open eyes.", 3],
  ["eagle", "Eaglet", "Eaglets stay in the nest for about ten to twelve weeks.", 2],
  ["goat", "Kid", "Kids can walk within minutes of being born.", 1],
  ["sheep", "Lamb", "Ewes know their own lambs by smell and call.", 1],
  ["cat", "Kitten", "Kittens are born with their eyes closed.", 1],
  ["dog", "Puppy", "Puppies are born deaf and blind.", 1],
  ["pig", "Piglet", "A sow often has ten or more piglets in a litter.", 1],
  ["duck", "Duckling", "Ducklings follow the first moving thing they see.", 1],
  ["cow", "Calf", "A calf needs its mother's first milk, colostrum, in its first hours.", 1],
  ["bear", "Cub", "Bear cubs are often born while their mother hibernates.", 1],
];

/** [animals, their group noun, note]. */
const GROUPS: [string, string, string | undefined, 1 | 2 | 3][] = [
  ["lions", "Pride", "A pride is usually a few related lionesses, their cubs and a few males.", 1],
  ["crows", "Murder", "The name murder comes from old folk tales about crows.", 2],
  ["owls", "Parliament", "Owls are mostly active at night.", 2],
  ["geese", "Gaggle", "Geese in flight are called a skein.", 2],
  ["fish", "School", "Fish in a school turn together as one.", 1],
  ["wolves", "Pack", "A wolf pack is usually a family.", 1],
  ["flamingos", "Flamboyance", "Flamingos are pink because of what they eat.", 3],
  ["starlings", "Murmuration", "A murmuration can hold hundreds of thousands of birds.", 2],
  ["zebras", "Dazzle", "No two zebras have the same stripes.", 3],
  ["rhinos", "Crash", "A rhino's horn is made of keratin, like hair.", 3],
  ["giraffes", "Tower", "Giraffes sleep only a few hours a day.", 3],
  ["ferrets", "Business", "Ferrets sleep for most of the day.", 3],
  ["dolphins", "Pod", "Dolphins call each other with signature whistles.", 1],
  ["jellyfish", "Smack", "Jellyfish have no brain.", 3],
  ["ants", "Colony", "An ant colony has one or more queens.", 1],
];

/** [animal, its class]: the animal kingdom's main groups as school biology names them. */
const CLASSES: [string, string, string, 1 | 2 | 3][] = [
  ["dolphin", "Mammal", "Dolphins breathe air through a blowhole.", 1],
  ["whale", "Mammal", "Whale calves drink their mother's milk.", 1],
  ["penguin", "Bird", "Penguins cannot fly, but swim with their wings.", 1],
  ["turtle", "Reptile", "Sea turtles come ashore to lay their eggs.", 1],
  ["snake", "Reptile", "Snakes smell with their forked tongues.", 1],
  ["frog", "Amphibian", "Many frogs can breathe through their skin.", 1],
  ["salamander", "Amphibian", "Some salamanders can regrow lost limbs.", 2],
  ["newt", "Amphibian", "Newts live both in water and on land.", 2],
  ["shark", "Fish", "A shark's skeleton is made of cartilage, not bone.", 1],
  ["seahorse", "Fish", "Male seahorses carry the eggs until they hatch.", 2],
  ["spider", "Arachnid", "Spiders have eight legs.", 1],
  ["scorpion", "Arachnid", "Scorpions glow under ultraviolet light.", 2],
  ["butterfly", "Insect", "Butterflies taste with their feet.", 1],
  ["beetle", "Insect", "Beetles are the largest order of insects.", 2],
  ["bat", "Mammal", "Many bats find their way by echolocation.", 1],
];

const KEYWORDS = ["animal", "animals", "wildlife", "nature", "zoology", "zoo", "creature", "creatures", "biology"];
const CREDIT = "Animal facts: written for this service from natural history references";
const base = { categories: ["science", "general-knowledge"] as const, keywords: KEYWORDS, credit: CREDIT };
const table = (rows: [string, string, string | undefined, 1 | 2 | 3][]) => onFirstUse((): AnimalFact[] => rows.map(([animal, value, text, level]) => ({ animal, value, note: text, level })));
const simpleKind = (id: string, kinds: string[], thing: (r: AnimalFact) => string, asks: (r: AnimalFact) => string[]) => ({
  id,
  kinds,
  answer: (r: AnimalFact) => r.value,
  correct: (r: AnimalFact, option: string) => option === r.value,
  candidates: (r: AnimalFact, all: readonly AnimalFact[]) => all.filter((x) => x.value !== r.value).map((x) => x.value),
  thing,
  asks,
});

const holders: RecordSet<AnimalFact> = {
  ...base,
  records: table(RECORD_HOLDERS),
  name: (r) => r.animal,
  level: (r) => r.level,
  facts: (r) => note(r.animal, r.note),
  kinds: [
    {
      id: "record",
      kinds: ["record", "records", "fastest", "largest", "biggest", "smallest", "tallest"],
      answer: (r) => r.animal,
      correct: (r, option) => option === r.animal,
      thing: (r) => `the name of the animal that ${r.value}`,
      asks: (r) => [`Which animal ${r.value}?`, `Name the animal that ${r.value}.`, `Which creature ${r.value}?`],
    },
  ],
};

const babies: RecordSet<AnimalFact> = {
  ...base,
  records: table(BABIES),
  name: (r) => r.animal,
  level: (r) => r.level,
  facts: (r) => note(r.animal, r.note),
  kinds: [simpleKind("baby", ["baby", "babies", "young"], (r) => `the name for a baby ${r.animal}`, (r) => [`What is a baby ${r.animal} called?`, `What do you call a young ${r.animal}?`])],
};

const groups: RecordSet<AnimalFact> = {
  ...base,
  records: table(GROUPS),
  name: (r) => r.animal,
  level: (r) => r.level,
  facts: (r) => note(r.animal, r.note),
  kinds: [simpleKind("group", ["group", "groups", "collective", "noun", "nouns"], (r) => `the name for a group of ${r.animal}`, (r) => [`What is a group of ${r.animal} called?`, `A group of ${r.animal} is known as a what?`])],
};

const classes: RecordSet<AnimalFact> = {
  ...base,
  records: table(CLASSES),
  name: (r) => r.animal,
  level: (r) => r.level,
  facts: (r) => note(r.animal, r.note),
  kinds: [
    {
      ...simpleKind("class", ["class", "classes", "classification", "mammal", "mammals", "reptile", "reptiles", "amphibian", "amphibians"], (r) => `the animal group a ${r.animal} belongs to`, (r) => [`Which animal group does the ${r.animal} belong to?`, `Is a ${r.animal} a mammal, bird, reptile, amphibian, fish, insect or arachnid?`]),
      candidates: (r: AnimalFact) => ["Mammal", "Bird", "Reptile", "Amphibian", "Fish", "Insect", "Arachnid"].filter((c) => c !== r.value),
    },
  ],
};


export const animalSources = [...recordSources("animal", holders), ...recordSources("animal", babies), ...recordSources("animal", groups), ...recordSources("animal", classes)];
