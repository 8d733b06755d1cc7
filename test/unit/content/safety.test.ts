import { describe, expect, test } from "bun:test";
import { checkText, checkTopic, hasProfanity } from "../../../src/content/safety.ts";

/** Topics that target a group of people: stereotype cues, claims, or the group as the bare subject. */
const REFUSED = [
  "why women are bad drivers", "Muslims", "Are Mexicans lazy", "Jews", "Black people", "Gay people quiz", "why the French are rude",
  "Asian drivers", "Immigrants ruining the country", "Women can't do math", "Muslim terrorists", "Fat people are lazy", "Old people trivia",
  "Transgender people", "The disabled", "Boomers are stupid", "Indians", "Chinese people", "Arabs", "Gypsies steal",
  "Why are Germans so cold", "Men are trash", "Girls are bad at science", "Refugees are dangerous", "Catholics quiz", "Lesbians",
  "Are Americans dumb", "Poor people are lazy", "Why Irish people drink", "Millennials ruin everything", "Italians are greedy",
  "Hindus should", "Autistic people", "Russians are evil", "Jewish people and money", "Homosexuals trivia", "Latinos steal jobs",
  "Teenagers are useless", "Christians are stupid", "Africans", "Japanese people are weird and always bow",
];

/** Topics about a group's food, history or culture, and topics that only look like group words. */
const ALLOWED = [
  "Mexican food", "Women in science", "Capital cities of Europe", "Black holes", "African capitals", "Jewish holidays",
  "History of the Ottoman Empire", "Chemical elements", "Japanese cuisine", "French revolution", "Famous female scientists",
  "Indian festivals", "Spider-Man movies", "Black Sea geography", "Scunthorpe United", "The White House", "Brazilian football",
  "Native American history", "Deaf culture", "Pokemon types", "Italian art", "Chinese inventions", "Irish music", "Greek mythology",
  "German cars", "Muslim contributions to mathematics", "Women in history", "Spanish language", "Korean dishes", "Arab music",
  "Old movies", "Famous poor inventors", "Scottish castles", "American presidents", "Egyptian pyramids", "Thai street food",
  "Russian literature", "World geography", "Logos of famous brands", "Blind spots in driving", "Spicy food", "Spiced drinks",
  "Spices of the world",
];

describe("topic safety", () => {
  test(`refuses all ${REFUSED.length} topics that target a group, naming the group`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(40);
    const missed = REFUSED.filter((t) => checkTopic(t) === null);
    expect(missed).toEqual([]);
    expect(checkTopic("why women are bad drivers")!.reason).toContain("women");
  });

  test(`allows all ${ALLOWED.length} topics about food, history, culture and look-alike words`, () => {
    expect(ALLOWED.length).toBeGreaterThanOrEqual(40);
    const refused = ALLOWED.filter((t) => checkTopic(t) !== null).map((t) => `${t}: ${checkTopic(t)!.reason}`);
    expect(refused).toEqual([]);
  });

  test("profane and sexual words are refused at word boundaries only", () => {
    for (const text of ["what the fuck", "Shitty facts", "porn stars", "NSFW trivia", "horny quiz"]) {
      expect(hasProfanity(text)).toBe(true);
      expect(checkTopic(text)).not.toBeNull();
    }
    for (const text of ["Scunthorpe", "assassins of history", "Essex", "cocktails", "Dickens novels", "grape varieties", "therapist", "Shittim wood"]) {
      expect(checkText(text)).toBeNull();
    }
  });
});
