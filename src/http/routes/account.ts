import { AccountSchema } from "../../account/model.ts";
import { cachedAccountView, describeAccount } from "../../account/service.ts";
import { bodyOf, type RouteDef } from "../route.ts";

export const accountRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/v1/me",
    operationId: "getMe",
    tag: "Account",
    summary: "The key's account: plan, entitlement, usage, limits, webhook secret",
    description: "Shows the account behind the API key: plan and entitlement, use in the current period, the account's limits, the webhook signing secret and the key's own metadata.",
    auth: "key",
    success: { status: 200, description: "The account.", schema: AccountSchema },
    errors: ["NOT_FOUND"],
    cached: ({ auth }, deps) => bodyOf(cachedAccountView(deps, auth!.account, auth!.key)),
    handle: async ({ auth }, deps) => ({ body: await describeAccount(deps, auth!.account, auth!.key) }),
  },
];
