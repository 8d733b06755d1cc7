/** What a video's Content Credentials state; the manifest definition c2pa-rs builds and signs from it. */
export interface ManifestFacts {
  generator: { name: string; version: string };
  /** The template the video was made with. */
  template: string;
  /** The IPTC digital source type of what the video is made of. */
  digitalSourceType: string;
  /** The file's own name and type. */
  title: string;
  format: "video/mp4" | "image/jpeg";
  /** The caller's own media in it, named by role and by the SHA-256 of the bytes used (never by URL). */
  ingredients: { role: string; format: string; sha256: string }[];
}

/** Pure: the manifest definition (c2pa-rs's ManifestDefinition JSON) of one file. */
export function manifestDefinition(facts: ManifestFacts): Record<string, unknown> {
  return {
    claim_generator_info: [facts.generator],
    title: facts.title,
    format: facts.format,
    assertions: [
      {
        label: "c2pa.actions.v2",
        data: {
          actions: [
            {
              action: "c2pa.created",
              digitalSourceType: facts.digitalSourceType,
              softwareAgent: facts.generator,
              parameters: { template: facts.template },
            },
          ],
        },
      },
    ],
    ingredients: facts.ingredients.map((i) => ({
      title: i.role,
      format: i.format,
      relationship: "componentOf",
      instance_id: `sha256:${i.sha256}`,
    })),
  };
}
