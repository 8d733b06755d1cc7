import { accountRoutes } from "./account/routes.ts";
import { catalogRoutes } from "./catalog/routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { downloadRoutes } from "./downloads/routes.ts";
import { estimateRoutes } from "./estimate/routes.ts";
import type { RouteDef } from "./http/route.ts";
import { imageRoutes } from "./images/routes.ts";
import { previewRoutes } from "./previews/routes.ts";
import { scriptRoutes } from "./scripts/routes.ts";
import { videoRoutes } from "./videos/routes.ts";

let cached: RouteDef[] | undefined;

/** Every route of the API, in the order the docs list them. */
export function allRoutes(): RouteDef[] {
  cached ??= [...accountRoutes, ...catalogRoutes, ...estimateRoutes, ...scriptRoutes, ...previewRoutes, ...imageRoutes, ...videoRoutes, ...downloadRoutes, ...docsRoutes(allRoutes)];
  return cached;
}
