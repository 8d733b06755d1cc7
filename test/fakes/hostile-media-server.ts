import { mkdtempSync, readFileSync } from "node:fs";
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
  stop(): void;
}

/**
 * Files that try to make ffmpeg read local files or work for a long time, each served as "own media":
 * /playlist.m3u8 and /bg.mp4 (HLS whose segment is file://secret), /manifest.mpd (DASH with a file://
 * BaseURL), /list.ffconcat (concat of the secret), /fast.mp4 (240 fps), /wide.mp4 (5000x320 frames),
 * /clip.mp4 (a plain 2 s clip), /huge.png (7000x7000), /big.png (6000x6000), /drawing.svg.
 */
export async function startHostileMediaServer(): Promise<HostileMediaServer> {
  const dir = mkdtempSync(join(tmpdir(), "hostile-media-"));
  const tls = selfSignedCertificate(dir);
  const secretPath = join(dir, "vid_secret.mp4");
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-movflags", "+faststart", secretPath]);
  const fast = join(dir, "fast.mp4");
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=navy:s=320x240:r=240:d=1", "-c:v", "libx264", "-preset", "ultrafast", "-r", "240", fast]);
  const wide = join(dir, "wide.mp4");
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=teal:s=5000x320:r=5:d=1", "-c:v", "libx264", "-preset", "ultrafast", wide]);
  const huge = join(dir, "huge.png");
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=white:s=7000x7000", "-frames:v", "1", huge]);
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
  const files: Record<string, { body: string | Buffer; type: string }> = {
    "/playlist.m3u8": { body: hls, type: "application/vnd.apple.mpegurl" },
    "/bg.mp4": { body: hls, type: "video/mp4" },
    "/manifest.mpd": { body: dash, type: "application/dash+xml" },
    "/list.ffconcat": { body: concat, type: "text/plain" },
    "/fast.mp4": { body: readFileSync(fast), type: "video/mp4" },
    "/wide.mp4": { body: readFileSync(wide), type: "video/mp4" },
    "/clip.mp4": { body: readFileSync(secretPath), type: "video/mp4" },
    "/huge.png": { body: readFileSync(huge), type: "image/png" },
    "/big.png": { body: readFileSync(big), type: "image/png" },
    "/drawing.svg": { body: svg, type: "image/svg+xml" },
  };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    tls,
    fetch(request) {
      const file = files[new URL(request.url).pathname];
      return file ? new Response(file.body as BodyInit, { headers: { "content-type": file.type } }) : new Response("not found", { status: 404 });
    },
  });
  return { url: (path) => `https://127.0.0.1:${server.port}${path}`, ca: tls.cert, secretPath, stop: () => server.stop(true) };
}
