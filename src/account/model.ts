import { Type } from "@sinclair/typebox";
import { component } from "../kernel/components.ts";
import { Enum } from "../kernel/schema-kit.ts";

const Upsell = Enum(["subscribe", "topup", "none"] as const);
const Counters = Type.Object({ narration: Type.Integer(), render: Type.Integer(), videos: Type.Integer() });
const DateTime = Type.String({ format: "date-time" });

export const AccountSchema = component(
  "Account",
  Type.Object({
    user: Type.Object({ id: Type.String(), email: Type.String() }),
    plan: Type.Object({ tier: Type.Union([Type.String(), Type.Null()]), pricingV2: Type.Boolean() }),
    entitlement: Type.Object({
      canUseTemplates: Type.Boolean({ description: "True when POST /v1/videos can pass the plan gate." }),
      upsell: Upsell,
      credits: Type.Object(
        {
          narration: Type.Integer({ description: "Legacy plans: narration credits (1 per started minute)." }),
          ai: Type.Integer({ description: "AI credits." }),
          export: Type.Integer({ description: "Legacy plans: export credits (1 per render)." }),
        },
        { description: "Credit balances." },
      ),
      plan: Type.Object(
        {
          tier: Type.Union([Type.String(), Type.Null()]),
          name: Type.Union([Type.String(), Type.Null()]),
          pricingV2: Type.Boolean(),
          monthlyVideos: Type.Integer({ description: "Video allowance per period (current plans)." }),
          videosRemaining: Type.Integer({ description: "Allowance left in this period." }),
          fairUseNarrationMinutes: Type.Integer({ description: "Narration included per period on current plans." }),
          periodStart: DateTime,
          periodEnd: DateTime,
        },
        { description: "The plan and its allowance in the current period." },
      ),
    }),
    usage: Type.Object(
      {
        periodStart: DateTime,
        periodEnd: DateTime,
        videosCreated: Type.Integer(),
        videosCompleted: Type.Integer(),
        videosInProgress: Type.Integer(),
        creditsCharged: Counters,
        narrationMinutes: Type.Number(),
      },
      { description: "Use in the current period." },
    ),
    limits: Type.Object({
      requestsPerMinute: Type.Integer(),
      createsPerMinute: Type.Integer(),
      freeToolsPerHour: Type.Integer(),
      freeToolsPerDay: Type.Integer(),
      concurrentRenders: Type.Integer(),
      mediaImportsPerDay: Type.Integer({ description: "New own-media URLs per day; a URL imported in the last 30 days is reused and not counted." }),
      concurrentStreams: Type.Integer({ description: "Progress streams (GET /v1/videos/{id}/events) open at once, counted by each server process; beyond: 429 STREAM_LIMIT." }),
    }),
    webhooks: Type.Object({
      signingSecret: Type.String({ pattern: "^whsec_[0-9a-f]+$" }),
      signatureHeader: Type.String(),
      scheme: Type.String(),
    }),
    key: Type.Union([
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        prefix: Type.String(),
        scopes: Type.Array(Type.String(), { description: "`full`: every endpoint of the account. Keys have no narrower scopes in v1." }),
        createdAt: DateTime,
      }),
      Type.Null(),
    ]),
  }),
);
