export * from "./accounts.ts";
export * from "./api-keys.ts";
export * from "./projects.ts";
export * from "./videos.ts";
export * from "./idempotency.ts";
export * from "./webhook-deliveries.ts";
export * from "./media-imports.ts";
export * from "./usage.ts";
