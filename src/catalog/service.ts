import type { Static } from "@sinclair/typebox";
import { TEMPLATES } from "../templates/registry.ts";
import { inputSchemaOf, templateDefaults } from "../templates/describe.ts";
import { DEFAULT_TEXT_VOICES, PACING_MS, TEXT_PLATFORMS, TEXT_THEMES } from "../templates/fake-text-message/inputs.ts";
import type { TemplateId } from "../templates/template.ts";
import type { MediaLibrary } from "../media/library.ts";
import { BACKGROUND_CATEGORIES, categorySlug } from "../../render/media/background-categories.ts";
import { CAPTION_PRESETS } from "../../render/captions/presets.ts";
import type { OptionsSchema, TemplateSchema } from "./model.ts";
import { VOICES } from "./voices.ts";

export function describeTemplates(): Static<typeof TemplateSchema>[] {
  return TEMPLATES.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    inputSchema: inputSchemaOf(t),
    defaults: templateDefaults(t),
    freeTools: t.freeTools,
    paidSteps: t.paidSteps,
    notes: t.notes,
  }));
}

function templatesAccepting(voiceId: string): TemplateId[] {
  return TEMPLATES.filter((t) => t.voiceSet.includes(voiceId)).map((t) => t.id);
}

export interface OptionsContext {
  publicBaseUrl: string;
  library: MediaLibrary;
  /** Voice id -> URL of its served sample, for voices that have one. */
  voicePreviewUrl(voiceId: string): string | null;
}

export function describeOptions(ctx: OptionsContext): Static<typeof OptionsSchema> {
  const base = ctx.publicBaseUrl;
  return {
    voices: VOICES.map((v) => ({
      id: v.id,
      name: v.name,
      gender: v.gender,
      description: v.description,
      tags: [...v.tags, v.accent, v.age],
      language: "en",
      previewUrl: ctx.voicePreviewUrl(v.id),
      templates: templatesAccepting(v.id),
    })),
    backgrounds: {
      categories: BACKGROUND_CATEGORIES.map((name) => ({ id: categorySlug(name), name })),
      assets: ctx.library.backgrounds().map((a) => ({
        id: a.id,
        name: a.name,
        category: a.category,
        thumbnailUrl: `${base}/v1/library/${a.id}/thumbnail`,
        previewUrl: `${base}/v1/library/${a.id}/preview`,
      })),
    },
    music: ctx.library.music().map((m) => ({ id: m.id, name: m.name, category: m.category })),
    captionPresets: CAPTION_PRESETS.map((p) => ({ id: p.id, name: p.name })),
    aspectRatios: ["9:16"],
    textMessages: {
      platforms: [...TEXT_PLATFORMS],
      themes: [...TEXT_THEMES],
      pacing: { ...PACING_MS },
      defaultVoices: { ...DEFAULT_TEXT_VOICES },
    },
  };
}
