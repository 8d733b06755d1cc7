import { ShortvidClient, ShortvidError } from "../../../client/src/client.ts";

/**
 * The key lives in this browser's localStorage only: it is sent as a header by the client, never put
 * in a URL (where history, logs and Referer would keep it) and never printed.
 */
const KEY_NAME = "shortvid.studio.apiKey";

export function storedKey(): string | null {
  try {
    return localStorage.getItem(KEY_NAME);
  } catch {
    return null;
  }
}

export function storeKey(key: string | null): void {
  try {
    if (key === null) localStorage.removeItem(KEY_NAME);
    else localStorage.setItem(KEY_NAME, key);
  } catch {
    // Storage can be off (private windows); the key then lasts as long as the page.
  }
}

/** The typed client on this page's own origin with the person's key. */
export function clientFor(apiKey: string): ShortvidClient {
  // Retries wait out a 429's Retry-After in the page; a long one is shown instead of waited for.
  return new ShortvidClient({ baseUrl: location.origin, apiKey, retries: 1, maxRetryAfterSeconds: 5 });
}

export interface Refusal {
  title: string;
  detail: string;
  code: string;
  status: number;
  /** Field errors below `inputs`, by path (`messages[0].text`). */
  fields: Map<string, string[]>;
  /** Every field error as sent, for the summary. */
  errors: { path: string; message: string }[];
}

/** A thrown error as something to show: the problem's detail and its field errors, or what the browser said. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof ShortvidError) {
    const errors = ((error.problem as { errors?: { path: string; message: string }[] }).errors ?? []).map((e) => ({ path: e.path, message: e.message }));
    const fields = new Map<string, string[]>();
    for (const { path, message } of errors) {
      const key = path.replace(/^inputs\.?/, "");
      fields.set(key, [...(fields.get(key) ?? []), message]);
    }
    return { title: error.problem.title, detail: error.problem.detail, code: error.code, status: error.status, fields, errors };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { title: "The service could not be reached", detail: message, code: "NETWORK", status: 0, fields: new Map(), errors: [] };
}
