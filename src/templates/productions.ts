import { fakeTextMessageProduction } from "./fake-text-message/production.ts";
import { redditStoryProduction } from "./reddit-story/production.ts";
import type { TemplateProduction } from "./production.ts";
import type { TemplateId } from "./template.ts";

/** Templates this deployment can render; the others answer TEMPLATE_NOT_AVAILABLE on create. */
export const PRODUCTIONS: Partial<Record<TemplateId, TemplateProduction>> = {
  reddit_story: redditStoryProduction,
  fake_text_message: fakeTextMessageProduction,
};
