import type { MadeOf, PublishSource } from "../../publishing/model.ts";
import { sentencesOf } from "../../publishing/kit-text.ts";
import type { ArticleVideoInputs } from "./inputs.ts";
import type { ArticleScriptContent } from "./script.ts";

/** The script is written by the service (offline or by the model) from the source; the voice is synthetic unless silent. */
export function articleMadeOf(inputs: ArticleVideoInputs): MadeOf {
  return { synthetic: inputs.silent ? ["script"] : ["voice", "script"], callerWords: false, callerMedia: [] };
}

/** The headline card and the script: what the video shows and says. */
export function articlePublishSource(_inputs: ArticleVideoInputs, outputs: Record<string, unknown>): PublishSource {
  const script = outputs.generating_script as ArticleScriptContent;
  const title = script.headline?.text ?? script.title;
  return { title, text: title ? `${title}.\n\n${script.text}` : script.text, lead: sentencesOf(script.text)[0] ?? script.text };
}
