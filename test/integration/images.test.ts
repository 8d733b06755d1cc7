import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { type MediaServer, startMediaServer } from "../fakes/media-server.ts";

let media: MediaServer;
beforeAll(async () => {
  media = await startMediaServer();
}, 60_000);
afterAll(() => media.stop());

for (const kind of DATABASE_KINDS) {
  describe(`POST /v1/images (${kind})`, () => {
    const svc = useService(kind, { UNSAFE_ALLOW_PRIVATE_URLS: "1" }, { outboundCa: () => media.ca });

    test("imports an image once per URL and account; the id is reused within 30 days", async () => {
      const { apiKey } = await svc().createAccount();
      const first = await svc().request("/v1/images", { method: "POST", key: apiKey, json: { url: media.url("/photo.png") } });
      expect(first.status).toBe(201);
      const image = (await first.json()) as Record<string, unknown>;
      expect(image).toEqual({ id: expect.stringMatching(/^med_/), width: 800, height: 600, reused: false });
      const again = (await (await svc().request("/v1/images", { method: "POST", key: apiKey, json: { url: media.url("/photo.png") } })).json()) as Record<string, unknown>;
      expect(again.id).toBe(image.id);
      expect(again.reused).toBe(true);
      expect(svc().deps.ownMedia.findImage("acct_other", String(image.id))).resolves.toBeUndefined();
    }, 60_000);

    test("what is not an image, or not reachable, is 422 IMAGE_UNAVAILABLE; a bad body is 400", async () => {
      const { apiKey } = await svc().createAccount();
      const notImage = await expectProblem(await svc().request("/v1/images", { method: "POST", key: apiKey, json: { url: media.url("/notes.txt") } }), 422, "IMAGE_UNAVAILABLE");
      expect(notImage.detail).toContain("not a usable image");
      const redirect = await expectProblem(await svc().request("/v1/images", { method: "POST", key: apiKey, json: { url: media.url("/missing") } }), 422, "IMAGE_UNAVAILABLE");
      expect(redirect.detail).toContain("404");
      await expectProblem(await svc().request("/v1/images", { method: "POST", key: apiKey, json: { url: "not a url" } }), 400, "INVALID_INPUT");
      await expectProblem(await svc().request("/v1/images", { method: "POST", key: apiKey, json: { url: media.url("/photo.png"), extra: 1 } }), 400, "INVALID_INPUT");
    }, 60_000);
  });
}
