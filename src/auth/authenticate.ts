import { ApiError } from "../kernel/errors.ts";
import type { AccountRow, ApiKeyRow } from "../../db/schema/index.ts";
import { hashApiKey, readBearer } from "./api-keys.ts";
import type { KeyRecord } from "./key-cache.ts";

import type { ApiKeyCache } from "./key-cache.ts";

/** What authenticating a request uses. */
export interface AuthDeps {
  apiKeys: ApiKeyCache;
}

/** The caller of a request with a valid key. */
export interface AuthContext {
  account: AccountRow;
  key: ApiKeyRow;
}

/** A key found (or not) as the request may use it. */
function admitKey(found: KeyRecord | undefined): AuthContext | ApiError {
  if (!found) return new ApiError("INVALID_API_KEY", "The API key is unknown or revoked.");
  if (found.account.status !== "active") {
    return new ApiError("UNAUTHENTICATED", "The API key's account is disabled, so the request has no authenticated account.");
  }
  return found;
}

/**
 * For an answer that outlives its request (a progress stream): the refusal a new request with the same
 * key would get now, given the key's and its account's rows as they stand (undefined: the key is gone),
 * or undefined while the key is live and its account active. `what` names the answer in the detail.
 */
export function refusalNow(found: { key: ApiKeyRow; account: AccountRow } | undefined, what: string): ApiError | undefined {
  if (!found || found.key.revokedAt !== null) return new ApiError("INVALID_API_KEY", `The API key was revoked, so ${what} ended. Create a new key.`);
  if (found.account.status !== "active") return new ApiError("UNAUTHENTICATED", `The API key's account was disabled, so ${what} ended.`);
  return undefined;
}

/** The refusal for a header that holds no key of ours, or the key's hash to look up. */
function keyHashOf(header: string | null): ApiError | string {
  const bearer = readBearer(header);
  switch (bearer.kind) {
    case "missing":
      return new ApiError("MISSING_API_KEY", `${bearer.reason} Send \`Authorization: Bearer <API_KEY>\`.`);
    case "unsupported":
      return new ApiError("UNSUPPORTED_TOKEN", "The bearer token is not an API key of this service. Use an API key (it starts with svk_live_).");
    case "malformed_key":
      return new ApiError("INVALID_API_KEY", "The API key is malformed, unknown or revoked.");
    case "key":
      return hashApiKey(bearer.key);
  }
}

/**
 * The Authorization header's account, or the refusal to send, when the process's key cache holds the key
 * (most requests) or the header needs no lookup; undefined when the key has to be looked up (authenticate).
 */
export function cachedCaller(deps: AuthDeps, header: string | null): AuthContext | ApiError | undefined {
  const hash = keyHashOf(header);
  if (typeof hash !== "string") return hash;
  const kept = deps.apiKeys.cached(hash);
  return kept ? admitKey(kept) : undefined;
}

/** The Authorization header's account, or the refusal to send. */
export async function authenticate(deps: AuthDeps, header: string | null): Promise<AuthContext | ApiError> {
  const hash = keyHashOf(header);
  if (typeof hash !== "string") return hash;
  return admitKey(await deps.apiKeys.find(hash));
}
