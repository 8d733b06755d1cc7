import { disclosureOf } from "./disclosure.ts";
import type { PublishKitWriter } from "./kit-writer.ts";
import type { MadeOf, PublishSource, Publishing } from "./model.ts";

/** What a template tells of a finished video (Template's madeOf and publishSource, from its stored outputs). */
interface TellsOfItself {
  madeOf(inputs: never, stored: Readonly<Record<string, unknown>>): MadeOf;
  publishSource(inputs: never, stored: Readonly<Record<string, unknown>>): PublishSource;
}

/** The file made with every video that holds its disclosure and publish kit. */
export const PUBLISH_FILE = "publish.json";

/** Where a video's publishing is kept among its stage outputs: written once, so a retry reuses it. */
const KEY = "publishing";

/** A finished video's disclosure and publish kit, from what its template says it is made of and says. */
export async function writePublishing<I>(template: TellsOfItself, inputs: I, outputs: Record<string, unknown>, writer: PublishKitWriter): Promise<Publishing> {
  return { disclosure: disclosureOf(template.madeOf(inputs as never, outputs)), kit: await writer.write(template.publishSource(inputs as never, outputs)) };
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
