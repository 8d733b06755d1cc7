import { accountRoutes } from "./account/routes.ts";
import { catalogRoutes } from "./catalog/routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { downloadRoutes } from "./downloads/routes.ts";
import { estimateRoutes } from "./estimate/routes.ts";
import type { RouteDef } from "./http/route.ts";
import { imageRoutes } from "./images/routes.ts";
import { mcpRoutes } from "./mcp/routes.ts";
import { previewRoutes } from "./previews/routes.ts";
import { scriptRoutes } from "./scripts/routes.ts";
import { type TemplateRegistry, perRegistry } from "./templates/registry.ts";
import { videoRoutes } from "./videos/routes.ts";

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
