import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { streams } from "../helpers/media.ts";
import { createApiKey, type LiveService, SHORT_CHAT, SHORTVID, shortvid, startLiveService } from "../helpers/live-service.ts";

/** A render of the short chat on a busy two-core machine, with room to spare. */
const RENDER_DEADLINE_MS = 300_000;
/** How often the terminal is looked at: well under a stage of the short chat (seconds each). */
const CAPTURE_EVERY_MS = 150;
const BAR = /\[([#-]{30})\]\s+(\d+)%\s+(.+?)(?:\s+ETA (\d+:\d\d))?\s*$/;

let service: LiveService;
let apiKey: string;
let work: string;
const tmuxSocket = `shortvid-test-${process.pid}`;

beforeAll(async () => {
  service = await startLiveService();
  apiKey = await createApiKey(service);
  work = mkdtempSync(join(tmpdir(), "cli-test-"));
}, 120_000);

afterAll(async () => {
  Bun.spawnSync(["tmux", "-L", tmuxSocket, "kill-server"]);
  rmSync(work, { recursive: true, force: true });
  await service?.stop();
}, 60_000);

const tmux = (...args: string[]) => Bun.spawnSync(["tmux", "-L", tmuxSocket, ...args], { stdout: "pipe", stderr: "pipe" });
const env = () => ({ SHORTVID_URL: service.url, SHORTVID_API_KEY: apiKey });

describe("shortvid CLI", () => {
  let videoId = "";

  test(
    "create --wait in a terminal draws an advancing progress bar, downloads the MP4; a second shell follows it as JSON lines",
    async () => {
      const inputs = join(work, "chat.json");
      const out = join(work, "chat.mp4");
      writeFileSync(inputs, JSON.stringify(SHORT_CHAT));
      const command = `${SHORTVID} create fake_text_message --inputs ${inputs} --wait --out ${out}; echo "EXIT=$?"; sleep 600`;
      // Tall enough that the finished video printed after the bar (its publish kit included) leaves the bar on screen.
      const started = tmux("new-session", "-d", "-s", "cli", "-x", "160", "-y", "400", "-e", `SHORTVID_URL=${service.url}`, "-e", `SHORTVID_API_KEY=${apiKey}`, command);
      expect(started.exitCode).toBe(0);

      const bars: { percent: number; stage: string; eta?: string }[] = [];
      let follower: Promise<{ stdout: string; stderr: string; code: number }> | undefined;
      let screen = "";
      const deadline = Date.now() + RENDER_DEADLINE_MS;
      while (!/EXIT=\d+/.test(screen)) {
        if (Date.now() > deadline) throw new Error(`no end in sight:\n${screen}`);
        await Bun.sleep(CAPTURE_EVERY_MS);
        screen = tmux("capture-pane", "-p", "-t", "cli").stdout.toString();
        const line = screen.split("\n").map((l) => l.match(BAR)).findLast((m) => m !== null);
        if (line && `${line[2]} ${line[3]}` !== `${bars.at(-1)?.percent} ${bars.at(-1)?.stage}`) bars.push({ percent: Number(line[2]), stage: line[3]!, eta: line[4] });
        // Once the video exists, a second shell follows it too, without a terminal.
        if (!follower && !videoId) {
          const listed = await shortvid(["list", "--limit", "1"], { env: env() });
          videoId = listed.code === 0 ? (JSON.parse(listed.stdout).data[0]?.id ?? "") : "";
          if (videoId) follower = shortvid(["get", videoId, "--wait"], { env: env() });
        }
      }
      console.log(`progress bar states seen: ${bars.map((b) => `${b.percent}% ${b.stage}${b.eta ? ` ETA ${b.eta}` : ""}`).join(" | ")}`);
      expect(screen).toContain("EXIT=0");
      // The bar moved on, through the stages, to 100% while the video was made.
      expect(new Set(bars.map((b) => b.percent)).size).toBeGreaterThanOrEqual(3);
      expect(bars.at(-1)).toMatchObject({ percent: 100, stage: "Done" });
      for (let i = 1; i < bars.length; i++) expect(bars[i]!.percent).toBeGreaterThanOrEqual(bars[i - 1]!.percent);
      expect(new Set(bars.map((b) => b.stage)).size).toBeGreaterThanOrEqual(2);
      expect(bars.some((b) => b.eta !== undefined)).toBe(true);
      expect(screen).toContain(`Saved ${out}`);

      const media = await streams(out);
      expect(media.video).toMatchObject({ codec_name: "h264", width: 1080, height: 1920 });
      expect(media.audio.codec_name).toBe("aac");
      expect(Number(media.format.duration)).toBeGreaterThan(2);

      // The follower's JSON lines: one per change, in order, then the end.
      const followed = await follower!;
      expect(followed.code).toBe(0);
      const lines = followed.stdout.trim().split("\n").map((l) => JSON.parse(l));
      expect(lines.at(-1)).toMatchObject({ event: "done", video: { id: videoId, status: "completed", progress: 100 } });
      const progress = lines.filter((l) => l.event === "progress").map((l) => l.video.progress ?? 0);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    },
    RENDER_DEADLINE_MS + 60_000,
  );

  test("JSON mode: --wait without a terminal prints a JSON line per change and the download", async () => {
    expect(videoId).not.toBe("");
    const out = join(work, "again.mp4");
    const result = await shortvid(["get", videoId, "--wait", "--out", out], { env: env() });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.event)).toEqual(["progress", "done", "downloaded"]);
    expect(lines[2]).toMatchObject({ file: out });
    expect(lines[2].bytes).toBeGreaterThan(10_000);
    expect(existsSync(out)).toBe(true);
  }, 60_000);

  test("exit codes tell input errors, refusals and authentication apart", async () => {
    const badInputs = await shortvid(["create", "fake_text_message", "--inputs", "-"], { env: env(), input: JSON.stringify({ contact: { name: "Mom" }, messages: [] }) });
    expect(badInputs.code).toBe(2);
    expect(badInputs.stderr).toContain("INVALID_INPUT");
    expect(badInputs.stderr).toContain("inputs.messages");
    const notJson = await shortvid(["estimate", "fake_text_message", "--inputs", "-"], { env: env(), input: "{nope" });
    expect(notJson.code).toBe(2);
    expect((await shortvid(["frobnicate"], { env: env() })).code).toBe(2);
    expect((await shortvid(["get", "vid_missing"], { env: env() })).code).toBe(2);

    const unpaid = await createApiKey(service, "none");
    const refused = await shortvid(["create", "fake_text_message", "--inputs", "-"], { env: { ...env(), SHORTVID_API_KEY: unpaid }, input: JSON.stringify(SHORT_CHAT) });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("SUBSCRIPTION_REQUIRED");

    const anonymous = await shortvid(["list"], { env: { ...env(), SHORTVID_API_KEY: "" } });
    expect(anonymous.code).toBe(5);
    expect(anonymous.stderr).toContain("MISSING_API_KEY");

    const templates = await shortvid(["templates", "--url", service.url]);
    expect(templates.code).toBe(0);
    expect(JSON.parse(templates.stdout).map((t: { id: string }) => t.id)).toContain("fake_text_message");
  }, 60_000);

  test("a written quiz pack is replaced with the caller's own questions by edit-script; a refused edit names the field", async () => {
    const written = await shortvid(["script", "quiz_video", "--inputs", "-"], { env: env(), input: JSON.stringify({ topic: "Capital cities of Europe" }) });
    expect(written.code).toBe(0);
    const { projectId } = JSON.parse(written.stdout) as { projectId: string };
    const question = { question: "Which river flows through Rome?", options: ["Tiber", "Seine", "Thames", "Danube"], answerIndex: 0, fact: "The Tiber runs through Rome." };
    const edited = await shortvid(["edit-script", projectId, "--inputs", "-"], { env: env(), input: JSON.stringify({ pack: { questions: [question] } }) });
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({ projectId, pack: { questions: [question] } });
    const refused = await shortvid(["edit-script", projectId, "--inputs", "-"], { env: env(), input: JSON.stringify({ pack: { questions: [{ ...question, options: ["Tiber", "Tiber", "Po", "Arno"] }] } }) });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pack.questions[0].options[1]");
  }, 60_000);
});
