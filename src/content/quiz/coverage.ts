import type { QuizCategory } from "./categories.ts";

/**
 * Topics the offline data answers, by category, as the guides, refusals and GET /v1/options list them.
 * Each is a topic a caller can send as it is (a test builds a five-question pack for every one); other
 * wordings of them work too ("WWII", "the nineties' movies", "flags of Africa", "French painters").
 */
export const OFFLINE_TOPICS: readonly { category: QuizCategory; topics: readonly string[] }[] = [
  { category: "general-knowledge", topics: ["general knowledge", "famous paintings", "famous painters", "English vocabulary"] },
  { category: "geography", topics: ["world capitals", "capitals of Europe", "world currencies", "languages of the world", "country borders", "world flags", "flags of Europe"] },
  { category: "history", topics: ["world history", "World War 2", "World War 1", "the Cold War", "American history"] },
  { category: "science", topics: ["the solar system", "science", "the human body", "bones of the body", "chemical elements", "the periodic table", "animals", "baby animals"] },
  { category: "movies-tv", topics: ["80s movies", "90s movies", "movie directors"] },
  { category: "music", topics: ["musical instruments", "classical music", "70s music", "80s music", "90s music"] },
  { category: "sports", topics: ["football World Cup", "Summer Olympics", "team sports"] },
  { category: "food-drink", topics: ["world cuisines", "Italian food", "French food", "Mexican food", "Japanese food", "Spanish food", "Chinese food"] },
  { category: "video-games", topics: ["Pokémon types", "Pokémon generations"] },
  { category: "logos-brands", topics: ["famous brand logos"] },
];

/** Every offline topic in one line, by category: for guides and refusals. */
export function offlineTopicList(): string {
  return OFFLINE_TOPICS.map((c) => `${c.category}: ${c.topics.join(", ")}`).join("; ");
}

/** The first topic of each category: a short answer to "what is covered?" that fits a problem's field. */
export function offlineTopicExamples(): string {
  return OFFLINE_TOPICS.map((c) => c.topics[0]!).join(", ");
}
