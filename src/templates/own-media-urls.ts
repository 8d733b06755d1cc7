import type { TSchema } from "@sinclair/typebox";
import { OWN_MEDIA_URL } from "../kernel/schema-kit.ts";

/**
 * The own-media URLs in valid inputs, with their paths from the body root (`inputs.background.ownUrl`):
 * every string whose schema is an OwnMediaUrl, found by walking the schema beside the value (objects,
 * arrays, optional and union members), so no template needs to list its URL fields twice.
 */
export function ownMediaUrls(schema: TSchema, value: unknown, path = "inputs"): Array<{ path: string; url: string }> {
  const found: Array<{ path: string; url: string }> = [];
  const walk = (node: TSchema, current: unknown, at: string) => {
    if (node[OWN_MEDIA_URL] === true && typeof current === "string") found.push({ path: at, url: current });
    for (const member of [...(node.anyOf ?? []), ...(node.allOf ?? []), ...(node.oneOf ?? [])] as TSchema[]) walk(member, current, at);
    if (current === null || typeof current !== "object") return;
    if (Array.isArray(current)) {
      if (node.items) current.forEach((item, i) => walk(node.items as TSchema, item, `${at}[${i}]`));
      return;
    }
    const properties = (node.properties ?? {}) as Record<string, TSchema>;
    for (const [key, child] of Object.entries(properties)) {
      if (key in current) walk(child, (current as Record<string, unknown>)[key], `${at}.${key}`);
    }
  };
  walk(schema, value, path);
  return found;
}
