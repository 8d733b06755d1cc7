import type { Template } from "../../../client/src/client.ts";
import { hrefOf } from "../router.ts";

/** What each template's free first step is called, from its served `freeTools`. */
function freeStepOf(template: Template): string | null {
  const tools = template.freeTools as readonly string[];
  if (tools.includes("script")) return "Free first step: write and review the script";
  if (tools.includes("preview")) return "Free first step: hear a narration teaser";
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
            {freeStepOf(template) && <p class="muted">{freeStepOf(template)}</p>}
            <a class="button" href={hrefOf({ name: "new", template: template.id })}>
              Make a video<span class="sr-only"> with {template.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
