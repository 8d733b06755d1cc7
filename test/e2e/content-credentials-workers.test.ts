import { expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { runAdminCommand } from "../../src/admin/commands.ts";
import { DIGITAL_SOURCE_TYPES } from "../../src/publishing/model.ts";
import { readWithCai } from "../helpers/content-credentials.ts";
import { freshDatabase } from "../helpers/databases.ts";
import { logLine, poll, start, tempDir } from "../helpers/processes.ts";
import { chatBody } from "../helpers/videos.ts";

/**
 * Content Credentials across processes on Postgres: a serving process and a worker make a video; a
 * second worker joins, the first is killed mid-render of the next video and the second renders it again.
 * Each downloaded MP4 carries one manifest, valid, signed with the one certificate the deployment keeps
 * in its database, whichever process made it.
 */
test.skipIf(!process.env.TEST_DATABASE_URL)(
  "a video made by one worker and a render retried on a second carry one manifest each, signed with the same certificate",
  async () => {
    const database = await freshDatabase("postgres");
    try {
      const dataDir = tempDir("c2pa-workers-");
      // A background of the test's own: the renders need no generated footage.
      const library = join(dataDir, "library", "backgrounds", "minecraft");
      mkdirSync(library, { recursive: true });
      await runFfmpeg(["-f", "lavfi", "-i", "color=c=#335577:s=1080x1920:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", join(library, "c2pa-clip.mp4")]);
      const account = await runAdminCommand({ db: database.db, now: () => new Date() }, "create-account", { email: `c2pa-workers-${Date.now()}@example.com` });
      if (!account.ok) throw new Error(account.error);
      const key = String(account.value.apiKey);
      const common = { DATABASE_URL: database.url!, DATA_DIR: dataDir };
      const serve = await start({ ...common, ROLE: "serve" });
      const first = await start({ ...common, ROLE: "worker" });
      const create = async () => {
        const res = await fetch(`${serve.url}/v1/videos`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(chatBody({}, { background: { assetId: "bg_minecraft_c2pa-clip" } })),
        });
        expect(res.status).toBe(202);
        return ((await res.json()) as { id: string }).id;
      };
      const download = async (video: any) => {
        const link = await fetch(video.downloadUrl.replace(/^https?:\/\/[^/]+/, serve.url), { redirect: "manual" });
        const file = await fetch(link.headers.get("location")!.replace(/^https?:\/\/[^/]+/, serve.url));
        return new Uint8Array(await file.arrayBuffer());
      };

      const madeFirst = await poll(serve.url, key, await create(), (v) => v.status === "completed", 600_000);

      // A second worker joins; the first is killed while it renders the next video, which the second renders again.
      const second = await start({ ...common, ROLE: "worker" });
      const retriedId = await create();
      await poll(serve.url, key, retriedId, (v) => v.status === "rendering" && v.progress > 50, 600_000);
      const holder = [first, second].find((w) => w.log.some((e) => e.msg === "attempt started" && e.videoId === retriedId))!;
      const other = holder === first ? second : first;
      holder.proc.kill("SIGKILL");
      await holder.proc.exited;
      const { entry: takeover } = await logLine(other, (e) => e.msg === "attempt started" && e.videoId === retriedId, 5 * 60_000);
      expect(takeover.status).toBe("rendering");
      const retried = await poll(serve.url, key, retriedId, (v) => v.status === "completed", 900_000);
      expect(other.log.filter((e) => e.msg === "content credentials signed" && e.videoId === retriedId)).toHaveLength(1);

      const readings = [];
      for (const video of [madeFirst, retried]) {
        const read = await readWithCai("video/mp4", await download(video));
        expect(read.failures).toEqual([]);
        expect(read.manifests).toBe(1);
        expect(read.manifest.assertions.find((a: any) => a.label.startsWith("c2pa.actions")).data.actions[0].digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
        readings.push(read);
      }
      expect(readings[0]!.certificate).not.toBe("");
      expect(readings[1]!.certificate).toBe(readings[0]!.certificate);
      for (const p of [serve, other]) p.proc.kill("SIGTERM");
      for (const p of [serve, other]) await p.proc.exited;
    } finally {
      await database.close();
    }
  },
  1_800_000,
);
