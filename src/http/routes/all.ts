import { accountRoutes } from "./account.ts";
import { catalogRoutes } from "./catalog.ts";
import { docsRoutes } from "../docs/routes.ts";
import { downloadRoutes } from "./downloads.ts";
import { estimateRoutes } from "./estimate.ts";
import type { RouteDef } from "../route.ts";
import { imageRoutes } from "./images.ts";
import { mcpRoutes } from "../mcp/routes.ts";
import { previewRoutes } from "./previews.ts";
import { scriptRoutes } from "./scripts.ts";
import { type TemplateRegistry, perRegistry } from "../../templates/registry.ts";
import { videoRoutes } from "./videos.ts";

/** Every route of the API for the templates it serves, in the order the docs list them. */
export const allRoutes = perRegistry((templates: TemplateRegistry): RouteDef[] => [
  ...accountRoutes,
  ...catalogRoutes(templates),
  ...estimateRoutes(templates),
  ...scriptRoutes(templates),
  ...previewRoutes(templates),
  ...imageRoutes,
  ...videoRoutes(templates),
  ...downloadRoutes,
  ...mcpRoutes(() => allRoutes(templates)),
  ...docsRoutes(() => allRoutes(templates), templates),
]);
