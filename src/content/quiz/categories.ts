/** The spec's quiz categories: what the question sources and writers can steer towards. */
export const QUIZ_CATEGORIES = [
  "general-knowledge",
  "geography",
  "history",
  "science",
  "movies-tv",
  "music",
  "sports",
  "food-drink",
  "video-games",
  "logos-brands",
] as const;
export type QuizCategory = (typeof QUIZ_CATEGORIES)[number];
