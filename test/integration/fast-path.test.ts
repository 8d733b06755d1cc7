import { describe, expect, test } from "bun:test";
import { routeRunner } from "../../src/http/app.ts";
import { allRoutes } from "../../src/http/routes/all.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";
import { storyBody } from "../helpers/videos.ts";

/**
 * What the request path was shaped for: a polled read that memory can answer (the key, the rate
 * decision and the video all kept) is answered without a promise; one that needs the database is not.
 */
describe.each(DATABASE_KINDS)("a read answered from memory on %s", (kind) => {
  const svc = useService(kind);

  const runnerOf = (operationId: string) => {
    const route = allRoutes(svc().deps.templates).find((r) => r.operationId === operationId)!;
    return routeRunner(svc().deps, route, new WeakSet(), () => Promise.reject(new Error("no dispatch here")));
  };
  const request = (path: string, key: string) => new Request(`${BASE}${path}`, { headers: { authorization: `Bearer ${key}` } });

  test("GET /v1/videos/{id} and GET /v1/me return a Response, not a promise, once memory holds what they read", async () => {
    const { apiKey, accountId } = await svc().createAccount();
    const id = ((await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() })).json()) as { id: string }).id;
    if (kind === "postgres") await svc().deps.accountReads.barrier();
    const getVideo = runnerOf("getVideo");
    const getMe = runnerOf("getMe");

    // Nothing of this video kept yet: the first read waits for the database.
    svc().deps.accountReads.changed(accountId);
    const first = getVideo({ request: request(`/v1/videos/${id}`, apiKey), params: { id } });
    expect(first).toBeInstanceOf(Promise);
    expect((await first).status).toBe(200);
    const firstMe = getMe({ request: request("/v1/me", apiKey), params: {} });
    expect(firstMe).toBeInstanceOf(Promise);
    expect((await firstMe).status).toBe(200);

    for (let i = 0; i < 3; i++) {
      // The limiter writes its admissions behind the requests, and at once when a tenth of the minute's
      // limit waits: a request that comes while that write is on its way waits its turn. Written now.
      await svc().deps.limiter.flush();
      const polled = getVideo({ request: request(`/v1/videos/${id}`, apiKey), params: { id } });
      expect(polled).toBeInstanceOf(Response);
      const response = polled as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-remaining")).not.toBeNull();
      expect(((await response.json()) as { id: string }).id).toBe(id);
      const me = getMe({ request: request("/v1/me", apiKey), params: {} });
      expect(me).toBeInstanceOf(Response);
      expect((me as Response).status).toBe(200);
    }

    // A video memory does not hold has to be looked up: it waits, and is refused.
    const missing = getVideo({ request: request("/v1/videos/vid_none", apiKey), params: { id: "vid_none" } });
    expect(missing).toBeInstanceOf(Promise);
    expect((await missing).status).toBe(404);
  });
});
