import { articleVideo } from "./article-video/index.ts";
import { fakeTextMessage } from "./fake-text-message/index.ts";
import { quizVideo } from "./quiz-video/index.ts";
import { redditStory } from "./reddit-story/index.ts";
import { registerSchemaChecks } from "../kernel/schema-kit.ts";
import type { FreeStep, Template } from "./template.ts";

/** The templates one app serves, in the stable order of GET /v1/templates. */
export interface TemplateRegistry {
  readonly list: readonly Template[];
  readonly ids: readonly string[];
  find(id: string): Template | undefined;
  /** The templates whose free step is of this kind, in order. */
  withFreeStep(kind: FreeStep<unknown>["kind"]): Template[];
}

export function createRegistry(templates: readonly Template[]): TemplateRegistry {
  registerSchemaChecks();
  const byId = new Map(templates.map((t) => [t.id, t]));
  if (byId.size !== templates.length) throw new Error("template ids must be unique");
  return {
    list: templates,
    ids: templates.map((t) => t.id),
    find: (id) => byId.get(id),
    withFreeStep: (kind) => templates.filter((t) => t.freeStep?.kind === kind),
  };
}

/** The service's templates: one line each. */
export const TEMPLATES = createRegistry([
  articleVideo,
  quizVideo,
  redditStory,
  fakeTextMessage,
]);

/** Builds something once per registry (schemas and routes that list the templates). */
export function perRegistry<T>(build: (templates: TemplateRegistry) => T): (templates: TemplateRegistry) => T {
  const built = new WeakMap<TemplateRegistry, T>();
  return (templates) => {
    let value = built.get(templates);
    if (value === undefined) {
      value = build(templates);
      built.set(templates, value);
    }
    return value;
  };
}
