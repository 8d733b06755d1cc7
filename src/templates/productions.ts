import { articleVideoProduction } from "./article-video/production.ts";
import { quizVideoProduction } from "./quiz-video/production.ts";
import { fakeTextMessageProduction } from "./fake-text-message/production.ts";
import { redditStoryProduction } from "./reddit-story/production.ts";
import type { TemplateProduction } from "./production.ts";
import type { TemplateId } from "./template.ts";

/** How each template makes its video. */
export const PRODUCTIONS: Record<TemplateId, TemplateProduction> = {
  article_video: articleVideoProduction,
  quiz_video: quizVideoProduction,
  reddit_story: redditStoryProduction,
  fake_text_message: fakeTextMessageProduction,
};
