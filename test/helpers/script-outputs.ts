/** Stored generating_script outputs of the article and quiz templates, as the caller's draft or edited by them. */
export const articleScript = (edited: boolean) => ({
  generating_script: {
    kind: "article_script",
    title: "A title",
    sourceUrl: null,
    sourceWords: 400,
    truncated: false,
    length: "short",
    tone: "explainer",
    text: "The first sentence. The second sentence.",
    wordCount: 6,
    generator: "offline",
    ...(edited ? { editedAt: "2026-11-27T08:00:00.000Z" } : {}),
  },
});
export const quizPack = (edited: boolean) => ({
  generating_script: {
    kind: "quiz_pack",
    title: "Rivers",
    topic: "Rivers",
    difficulty: "easy",
    questions: [{ question: "Which river runs through Paris?", options: ["Seine", "Thames", "Danube", "Tiber"], answerIndex: 0, fact: "The Seine." }],
    credits: [],
    generator: "offline",
    ...(edited ? { editedAt: "2026-11-27T08:00:00.000Z" } : {}),
  },
});
