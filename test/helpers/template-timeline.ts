import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { generatedAudioDir } from "../../render/media/generated-audio.ts";
import { generatedMediaDir } from "../../render/media/generated-dir.ts";
import { drawSvg } from "../../render/pool-worker.ts";
import type { Timeline } from "../../render/timeline.ts";
import { createContentPorts } from "../../src/content/ports.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { silentLogger } from "../../src/kernel/logger.ts";
import { createFootageSupply } from "../../src/media/footage-supply.ts";
import { createFileLibrary } from "../../src/media/library.ts";
import type { OwnMediaImporter } from "../../src/media/own-media.ts";
import { createNarrator } from "../../src/narration/service.ts";
import { runTemplateStage } from "../../src/templates/production.ts";
import { TEMPLATES } from "../../src/templates/registry.ts";
import type { ProductionContext, ProductionPorts } from "../../src/templates/template.ts";
import { withDefaults } from "../../src/templates/validate.ts";

/** Tests that make a template's Timeline name no own media: asking for any is a mistake in the test. */
const NO_OWN_MEDIA: OwnMediaImporter = {
  importMedia: async () => {
    throw new Error("a template Timeline in a test imports no own media");
  },
  importImage: async () => {
    throw new Error("a template Timeline in a test imports no own media");
  },
  findImage: async () => undefined,
};

/**
 * A template's Timeline as the pipeline composes it (src/videos/pipeline.ts runAttempt), without a
 * database or queue: the inputs with their defaults, every stage in order on this deployment's offline
 * ports (voices, writers, the built-in footage and sounds), cards drawn as the render pool draws them,
 * then `compose`. `dataDir`: where the stages' files go.
 */
export async function templateTimeline(templateId: string, rawInputs: unknown, dataDir: string): Promise<{ timeline: Timeline; cutAtMs?: number }> {
  const config = loadConfig({ DATA_DIR: dataDir });
  const template = TEMPLATES.find(templateId);
  if (!template) throw new Error(`no template ${templateId}`);
  const ports: ProductionPorts = {
    narrator: createNarrator(config.narration),
    library: createFileLibrary(join(config.dataDir, "library"), generatedMediaDir(config.mediaCacheDir), generatedAudioDir(config.mediaCacheDir)),
    ownMedia: NO_OWN_MEDIA,
    content: createContentPorts(config, silentLogger),
    footage: createFootageSupply(generatedMediaDir(config.mediaCacheDir)),
    drawPng: async (svg, outPath) => {
      await drawSvg({ svg, outPath });
    },
  };
  const ctx: ProductionContext = {
    videoId: `vid_${templateId}`,
    accountId: "acc_template_timeline",
    inputs: withDefaults(template, rawInputs),
    projectId: null,
    workDir: mkdtempSync(join(dataDir, `${templateId}-`)),
    ports,
  };
  const outputs: Record<string, unknown> = {};
  for (const stage of template.stages) outputs[stage] = await runTemplateStage(template, stage, ctx, outputs);
  return template.compose(ctx, outputs);
}

/**
 * The first `seconds` of a Timeline, as the whole video has them: what starts later is left out, and
 * what runs on is cut where the video now ends (the renderer cuts at the duration).
 */
export function timelineOpening(timeline: Timeline, seconds: number): Timeline {
  if (seconds >= timeline.duration) return timeline;
  return {
    ...timeline,
    duration: seconds,
    layers: timeline.layers.filter((layer) => layer.start < seconds),
    audio: timeline.audio.filter((track) => track.start < seconds),
  };
}
