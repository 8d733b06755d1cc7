import type { MadeOf, PublishSource } from "../../publishing/model.ts";
import { sentencesOf } from "../../publishing/kit-text.ts";
import type { ArticleVideoInputs } from "./inputs.ts";
import type { ArticleOutputs } from "./production.ts";
import type { StageOutputs } from "../stages.ts";

/**
 * The script is written by the service (offline or by the model) from the source, unless the caller
 * replaced it with their own (PATCH /v1/scripts: `editedAt`); the voice is synthetic unless silent.
 */
export function articleMadeOf(inputs: ArticleVideoInputs, outputs: StageOutputs<ArticleOutputs>): MadeOf {
  const voice: MadeOf["synthetic"] = inputs.silent ? [] : ["voice"];
  if (outputs.get("generating_script").editedAt) return { synthetic: voice, callerWords: true, callerMedia: [] };
  return { synthetic: [...voice, "script"], callerWords: false, callerMedia: [] };
}

/** The headline card and the script: what the video shows and says. */
export function articlePublishSource(_inputs: ArticleVideoInputs, outputs: StageOutputs<ArticleOutputs>): PublishSource {
  const script = outputs.get("generating_script");
  const title = script.headline?.text ?? script.title;
  return { title, text: title ? `${title}.\n\n${script.text}` : script.text, lead: sentencesOf(script.text)[0] ?? script.text };
}
