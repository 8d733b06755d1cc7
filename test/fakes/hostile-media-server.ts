import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { selfSignedCertificate } from "./media-server.ts";

export interface HostileMediaServer {
  /** https://127.0.0.1:<port><path> */
  url(path: string): string;
  ca: string;
  /** A local file the playlists point at: a stand-in for another account's finished video. */
  secretPath: string;
  /** The local file served as /grows.mkv. */
  grownPath: string;
  /** What /trickle has been asked so far. */
  trickles(): TrickleStats;
  /** Ends every open /trickle answer and answers later ones 404, so downloads of it fail at once. */
  endTrickles(): void;
  stop(): void;
}

export interface TrickleStats {
  /** Answers being sent now. */
  open: number;
  /** The most answers sent at once, in all and by the `tag` query parameter (one tag per account, say). */
  maxOpen: number;
  maxOpenByTag: Record<string, number>;
  /** Each answer: when it began and when the client went away (performance.now() milliseconds). */
  answers: { tag: string; openedAt: number; closedAt?: number }[];
}

/** /trickle sends this many bytes a second, for as long as the client stays. */
export const TRICKLE_BYTES_PER_SECOND = 1;

/**
 * Files that try to make ffmpeg read local files or work for a long time, each served as "own media":
 * /playlist.m3u8 and /bg.mp4 (HLS whose segment is file://secret), /manifest.mpd (DASH with a file://
 * BaseURL), /list.ffconcat (concat of the secret), /fast.mp4 (240 fps), /wide.mp4 (5000x320 frames),
 * /clip.mp4 (a plain 2 s clip), /grows.mkv (GROWN_FRAMES), /huge.png (7000x7000), /big.png
 * (6000x6000), /drawing.svg, and /trickle (a byte a second, as long as the client waits).
 * `files: false` makes none of the files (only /trickle answers), for tests that need no media.
 */
export async function startHostileMediaServer(options: { files?: boolean } = {}): Promise<HostileMediaServer> {
  const dir = mkdtempSync(join(tmpdir(), "hostile-media-"));
  const tls = selfSignedCertificate(dir);
  const secretPath = join(dir, "vid_secret.mp4");
  const grownPath = join(dir, "grows.mkv");
  const files = options.files === false ? {} : await makeFiles(dir, secretPath, grownPath);
  const trickle = trickleSource();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    tls,
    fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === "/trickle") return trickle.answer(request, url.searchParams.get("tag") ?? "");
      const file = files[url.pathname];
      return file ? new Response(file.body as BodyInit, { headers: { "content-type": file.type } }) : new Response("not found", { status: 404 });
    },
  });
  return {
    url: (path) => `https://127.0.0.1:${server.port}${path}`,
    ca: tls.cert,
    secretPath,
    grownPath,
    trickles: trickle.stats,
    endTrickles: trickle.end,
    stop: () => {
      trickle.end();
      server.stop(true);
    },
  };
}

/** An answer that never finishes: TRICKLE_BYTES_PER_SECOND, counted by tag while the client stays. */
function trickleSource() {
  const answers: TrickleStats["answers"] = [];
  const open = new Map<TrickleStats["answers"][number], ReadableStreamDefaultController<Uint8Array>>();
  const maxOpenByTag: Record<string, number> = {};
  let maxOpen = 0;
  let ended = false;
  const close = (answer: TrickleStats["answers"][number]) => {
    if (answer.closedAt !== undefined) return;
    answer.closedAt = performance.now();
    open.delete(answer);
  };
  return {
    answer(request: Request, tag: string): Response {
      if (ended) return new Response("gone", { status: 404 });
      const answer: TrickleStats["answers"][number] = { tag, openedAt: performance.now() };
      answers.push(answer);
      request.signal.addEventListener("abort", () => close(answer), { once: true });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          open.set(answer, controller);
          maxOpen = Math.max(maxOpen, open.size);
          const sameTag = [...open.keys()].filter((a) => a.tag === tag).length;
          maxOpenByTag[tag] = Math.max(maxOpenByTag[tag] ?? 0, sameTag);
        },
        async pull(controller) {
          await Bun.sleep(1000);
          if (answer.closedAt === undefined) controller.enqueue(new Uint8Array(TRICKLE_BYTES_PER_SECOND));
        },
        cancel: () => close(answer),
      });
      return new Response(body, { headers: { "content-type": "video/mp4" } });
    },
    stats: (): TrickleStats => ({ open: open.size, maxOpen, maxOpenByTag: { ...maxOpenByTag }, answers: answers.map((a) => ({ ...a })) }),
    end() {
      ended = true;
      for (const [answer, controller] of open) {
        close(answer);
        // No reason given: the client's connection is reset all the same, and Bun logs nothing.
        controller.error();
      }
    },
  };
}

/**
 * /grows.mkv: a Matroska file whose container and first frames say 320x568 (2 s at 30 fps) and whose
 * H.264 stream then changes its size in-band (a new SPS) to 8192x8192 for 6 frames. Each part is encoded
 * as a raw Annex B stream, which carries its SPS with its keyframe; the two are joined byte for byte and
 * stored in Matroska with `-c copy`, which keeps the second SPS in the stream.
 */
export const GROWN_FRAMES = { before: { width: 320, height: 568, seconds: 2 }, after: { width: 8192, height: 8192, frames: 6 } } as const;

async function makeGrownFile(dir: string, path: string): Promise<void> {
  const { before, after } = GROWN_FRAMES;
  const small = join(dir, "small.h264");
  const large = join(dir, "large.h264");
  const joined = join(dir, "joined.h264");
  const encode = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "h264"];
  await runFfmpeg(["-f", "lavfi", "-i", `testsrc2=s=${before.width}x${before.height}:r=30:d=${before.seconds}`, ...encode, small]);
  await runFfmpeg(["-f", "lavfi", "-i", `color=c=teal:s=${after.width}x${after.height}:r=30`, "-frames:v", String(after.frames), ...encode, large]);
  writeFileSync(joined, Buffer.concat([readFileSync(small), readFileSync(large)]));
  await runFfmpeg(["-f", "h264", "-r", "30", "-i", joined, "-c", "copy", path]);
}

/** The hostile files, by path. */
async function makeFiles(dir: string, secretPath: string, grownPath: string): Promise<Record<string, { body: string | Buffer; type: string }>> {
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-movflags", "+faststart", secretPath]);
  const fast = join(dir, "fast.mp4");
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=navy:s=320x240:r=240:d=1", "-c:v", "libx264", "-preset", "ultrafast", "-r", "240", fast]);
  const wide = join(dir, "wide.mp4");
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=teal:s=5000x320:r=5:d=1", "-c:v", "libx264", "-preset", "ultrafast", wide]);
  const huge = join(dir, "huge.png");
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=white:s=7000x7000", "-frames:v", "1", huge]);
  await makeGrownFile(dir, grownPath);
  const big = join(dir, "big.png");
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=white:s=6000x6000", "-frames:v", "1", big]);
  const hls = `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nfile://${secretPath}\n#EXT-X-ENDLIST\n`;
  const dash = `<?xml version="1.0"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
  <Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000" width="320" height="240" codecs="avc1.42c00d">
    <BaseURL>file://${secretPath}</BaseURL>
  </Representation></AdaptationSet></Period>
</MPD>
`;
  const concat = `ffconcat version 1.0\nfile 'file:${secretPath}'\n`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="red"/></svg>`;
  return {
    "/playlist.m3u8": { body: hls, type: "application/vnd.apple.mpegurl" },
    "/bg.mp4": { body: hls, type: "video/mp4" },
    "/manifest.mpd": { body: dash, type: "application/dash+xml" },
    "/list.ffconcat": { body: concat, type: "text/plain" },
    "/fast.mp4": { body: readFileSync(fast), type: "video/mp4" },
    "/wide.mp4": { body: readFileSync(wide), type: "video/mp4" },
    "/clip.mp4": { body: readFileSync(secretPath), type: "video/mp4" },
    "/grows.mkv": { body: readFileSync(grownPath), type: "video/x-matroska" },
    "/huge.png": { body: readFileSync(huge), type: "image/png" },
    "/big.png": { body: readFileSync(big), type: "image/png" },
    "/drawing.svg": { body: svg, type: "image/svg+xml" },
  };
}
