/**
 * The bodies the reference servers (bare-elysia.ts, floor-elysia.ts) answer: the service's own answers to
 * the same two routes when bench/api.ts hands them over (so every server sends the same bytes and the
 * comparison is of the work, not of the body's size), else small fixed ones.
 * Run a reference server as: bun bench/<server>.ts <port> [me.json video.json]
 */
import { readFileSync } from "node:fs";

export function referenceBodies(argv: readonly string[]): { me: string; video: string } {
  const [mePath, videoPath] = argv;
  if (mePath && videoPath) return { me: readFileSync(mePath, "utf8"), video: readFileSync(videoPath, "utf8") };
  return {
    me: JSON.stringify({ user: { id: "acct_bare", email: "bare@example.com" }, plan: { tier: "pro", pricingV2: true }, entitlement: { canUseTemplates: true, upsell: "none" } }),
    video: JSON.stringify({ id: "vid_bare", status: "queued", stage: "Queued", progress: null, template: "reddit_story", createdAt: new Date(0).toISOString() }),
  };
}
