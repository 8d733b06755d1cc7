import { articleVideo } from "./article-video/inputs.ts";
import { fakeTextMessage } from "./fake-text-message/inputs.ts";
import { quizVideo } from "./quiz-video/inputs.ts";
import { redditStory } from "./reddit-story/inputs.ts";
import { component } from "../http/components.ts";
import type { TemplateDefinition, TemplateId } from "./template.ts";

/** Stable order of GET /v1/templates. */
export const TEMPLATES: readonly TemplateDefinition[] = [articleVideo, quizVideo, redditStory, fakeTextMessage];

for (const t of TEMPLATES) {
  const pascal = t.id.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
  component(`${pascal}Inputs`, t.inputs);
}

const BY_ID = new Map<string, TemplateDefinition>(TEMPLATES.map((t) => [t.id, t]));

export function findTemplate(id: string): TemplateDefinition | undefined {
  return BY_ID.get(id);
}

export function getTemplate(id: TemplateId): TemplateDefinition {
  return BY_ID.get(id)!;
}
