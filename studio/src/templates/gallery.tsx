import type { Template } from "../../../client/src/client.ts";
import { hrefOf } from "../router.ts";
import { freeStepOf, writtenThing } from "./free-step-label.ts";

/** The free first step in words, or null for a template without one. */
function freeStepLine(template: Template): string | null {
  const kind = freeStepOf(template);
  if (kind === "script") return `Free first step: write and read the ${writtenThing(template)}`;
  if (kind === "preview") return "Free first step: hear a narration teaser";
  return null;
}

export function Gallery({ templates }: { templates: readonly Template[] }) {
  return (
    <section aria-labelledby="gallery-heading">
      <h2 id="gallery-heading">Choose a template</h2>
      <ul class="gallery">
        {templates.map((template) => (
          <li key={template.id} class="card template">
            <h3>{template.name}</h3>
            <p>{template.description}</p>
            {freeStepLine(template) && <p class="muted">{freeStepLine(template)}</p>}
            <a class="button" href={hrefOf({ name: "new", template: template.id })}>
              Make a video<span class="sr-only"> with {template.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
