import type { Template } from "../templates/template.ts";
import { disclosureOf } from "./disclosure.ts";
import type { PublishKitWriter } from "./kit-writer.ts";
import type { Publishing } from "./model.ts";

/** The file made with every video that holds its disclosure and publish kit. */
export const PUBLISH_FILE = "publish.json";

/** Where a video's publishing is kept among its stage outputs: written once, so a retry reuses it. */
const KEY = "publishing";

/** A finished video's disclosure and publish kit, from what its template says it is made of and says. */
export async function writePublishing(template: Pick<Template, "madeOf" | "publishSource">, inputs: unknown, outputs: Record<string, unknown>, writer: PublishKitWriter): Promise<Publishing> {
  return { disclosure: disclosureOf(template.madeOf(inputs, outputs)), kit: await writer.write(template.publishSource(inputs, outputs)) };
}

export function keptPublishing(outputs: Record<string, unknown> | null | undefined): Publishing | null {
  return (outputs?.[KEY] as Publishing | undefined) ?? null;
}

export function keepPublishing(outputs: Record<string, unknown>, publishing: Publishing): void {
  outputs[KEY] = publishing;
}

/** publish.json: the disclosure and the kit, as the Video object carries them. */
export function publishFileText(publishing: Publishing): string {
  return `${JSON.stringify({ disclosure: publishing.disclosure, publishKit: publishing.kit }, null, 2)}\n`;
}
