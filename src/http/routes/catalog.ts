import { Type } from "@sinclair/typebox";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ffmpegToFile } from "../../../render/ffmpeg.ts";
import { thumbnailArgs } from "../../../render/media/generated-backgrounds.ts";
import type { BackgroundAsset } from "../../media/library.ts";
import { ApiError } from "../../kernel/errors.ts";
import type { RouteDef } from "../route.ts";
import { Enum } from "../../kernel/schema-kit.ts";
import type { TemplateRegistry } from "../../templates/registry.ts";
import { catalogSchemas } from "../../catalog/model.ts";
import { describeOptions, describeTemplates } from "../../catalog/service.ts";

/** Operator footage may come without a thumbnail: one is cut from the video on first request and kept. */
async function thumbnailFor(asset: BackgroundAsset, dir: string): Promise<string> {
  const path = join(dir, `${asset.id}.jpg`);
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  await ffmpegToFile(path, (out) => thumbnailArgs(asset.file, out));
  return path;
}

export function catalogRoutes(templates: TemplateRegistry): RouteDef[] {
  const schemas = catalogSchemas(templates);
  return [
    {
      method: "GET",
      path: "/v1/templates",
      operationId: "listTemplates",
      tag: "Catalog",
      summary: "List the templates",
      description: "The four templates in a stable order, each with its inputs as JSON Schema 2020-12, defaults, free tools, paid steps and notes.",
      auth: "none",
      success: { status: 200, description: "The templates.", schema: Type.Array(schemas.template) },
      errors: [],
      handle: () => ({ body: describeTemplates(templates) }),
    },
    {
      method: "GET",
      path: "/v1/options",
      operationId: "getOptions",
      tag: "Catalog",
      summary: "Voices, backgrounds, music, caption presets and text-message settings",
      description: "Everything an input field can name: voice ids (with the templates that accept each and the languages each speaks on this deployment), background categories and assets, music, caption presets, aspect ratios and text-message platforms, themes, pacing and default voices.",
      auth: "none",
      success: { status: 200, description: "The options.", schema: schemas.options },
      errors: [],
      handle: (_ctx, deps) => ({
        body: describeOptions({
          publicBaseUrl: deps.config.publicBaseUrl,
          templates,
          library: deps.library,
          offlineVoices: deps.narrator.provider === "offline",
          llmConfigured: deps.config.llm !== null,
          languages: deps.narrator.languages,
          voicePreviewUrl: (id) => `${deps.config.publicBaseUrl}/v1/voices/${id}/preview`,
        }),
      }),
    },
    {
      method: "GET",
      path: "/v1/library/{assetId}/{variant}",
      operationId: "getLibraryAsset",
      tag: "Catalog",
      summary: "A background asset's thumbnail or preview",
      description: "Serves the files behind `thumbnailUrl` (JPEG) and `previewUrl` (MP4) of GET /v1/options background assets.",
      auth: "none",
      parameters: [
        { name: "assetId", in: "path", required: true, description: "Background asset id.", schema: Type.String() },
        { name: "variant", in: "path", required: true, description: "thumbnail or preview.", schema: Enum(["thumbnail", "preview"] as const) },
      ],
      success: { status: 200, description: "The file.", contentType: "application/octet-stream", schema: Type.String({ format: "binary" }) },
      errors: ["NOT_FOUND"],
      handle: async ({ params }, deps) => {
        const asset = deps.library.findBackground(params.assetId ?? "");
        if (!asset || (params.variant !== "preview" && params.variant !== "thumbnail")) {
          throw new ApiError("NOT_FOUND", `No ${params.variant} for background asset ${params.assetId}.`);
        }
        const path = params.variant === "preview" ? asset.file : (asset.thumbnail ?? (await thumbnailFor(asset, join(deps.config.dataDir, "thumbnails"))));
        const type = params.variant === "preview" ? "video/mp4" : "image/jpeg";
        return new Response(Bun.file(path), { headers: { "content-type": type, "cache-control": "public, max-age=3600" } });
      },
    },
    {
      method: "GET",
      path: "/v1/voices/{voiceId}/preview",
      operationId: "getVoicePreview",
      tag: "Catalog",
      summary: "A short sample of a voice",
      description: "MP3 sample of the voice as this deployment narrates it; made on first request (a few seconds), then served from cache.",
      auth: "none",
      parameters: [{ name: "voiceId", in: "path", required: true, description: "Voice id from GET /v1/options.", schema: Type.String() }],
      success: { status: 200, description: "The sample.", contentType: "audio/mpeg", schema: Type.String({ format: "binary" }) },
      errors: ["NOT_FOUND"],
      handle: async ({ params }, deps) => {
        const path = await deps.voicePreviews.sample(params.voiceId ?? "");
        if (!path) throw new ApiError("NOT_FOUND", `No voice ${params.voiceId}; see GET /v1/options.`);
        return new Response(Bun.file(path), { headers: { "content-type": "audio/mpeg", "cache-control": "public, max-age=86400" } });
      },
    },
  ];
}
