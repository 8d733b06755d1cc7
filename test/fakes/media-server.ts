import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { articlePage, BRIDGE } from "../fixtures/articles.ts";

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl for this test run. */
export function selfSignedCertificate(dir: string): { key: string; cert: string } {
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
    "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"),
  ], { stdio: "ignore" });
  return { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
}

/** Small real media files: a landscape clip with sound, a tone, and an 11-minute silent MP3. */
async function makeFiles(dir: string) {
  const clip = join(dir, "clip.mp4");
  const tone = join(dir, "tone.mp3");
  const long = join(dir, "long.mp3");
  const photo = join(dir, "photo.png");
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=640x360:r=25:d=3", "-f", "lavfi", "-i", "sine=f=330:d=3", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", clip]);
  await runFfmpeg(["-f", "lavfi", "-i", "sine=f=440:d=8", "-c:a", "libmp3lame", "-b:a", "64k", tone]);
  await runFfmpeg(["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "660", "-c:a", "libmp3lame", "-b:a", "8k", long]);
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=800x600:d=1", "-frames:v", "1", photo]);
  return { clip: readFileSync(clip), tone: readFileSync(tone), long: readFileSync(long), photo: readFileSync(photo) };
}

export interface MediaServer {
  /** https://127.0.0.1:<port><path> */
  url(path: string): string;
  /** PEM of the server's certificate, to trust in the test. */
  ca: string;
  /** Requests seen, by path. */
  hits: string[];
  stop(): void;
}

/**
 * A local https server of media for own-media tests. Paths: /clip.mp4, /tone.mp3, /long.mp3 (11 min), /photo.png,
 * /article.html (a news page for article_video), /notes.txt (not media), /huge.bin (endless bytes), /missing (404), /to-clip (302 to /clip.mp4),
 * /to-private (302 to a private address), /to-metadata (302 to 169.254.169.254). A query string makes a
 * different URL for the same file.
 */
export async function startMediaServer(): Promise<MediaServer> {
  const dir = mkdtempSync(join(tmpdir(), "media-server-"));
  const tls = selfSignedCertificate(dir);
  const files = await makeFiles(dir);
  const hits: string[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    tls,
    fetch(request) {
      const { pathname } = new URL(request.url);
      hits.push(pathname);
      switch (pathname) {
        case "/clip.mp4":
          return new Response(files.clip, { headers: { "content-type": "video/mp4" } });
        case "/tone.mp3":
          return new Response(files.tone, { headers: { "content-type": "audio/mpeg" } });
        case "/photo.png":
          return new Response(files.photo, { headers: { "content-type": "image/png" } });
        case "/long.mp3":
          return new Response(files.long, { headers: { "content-type": "audio/mpeg" } });
        case "/article.html":
          return new Response(articlePage("The Golden Gate Bridge", BRIDGE), { headers: { "content-type": "text/html" } });
        case "/notes.txt":
          return new Response("these are not the frames you are looking for\n".repeat(200), { headers: { "content-type": "video/mp4" } });
        case "/huge.bin": {
          const chunk = new Uint8Array(1024 * 1024);
          let sent = 0;
          return new Response(
            new ReadableStream({
              pull(controller) {
                // 400 MB at most, more than any own-media limit.
                if (sent++ >= 400) controller.close();
                else controller.enqueue(chunk);
              },
            }),
          );
        }
        case "/to-clip":
          return new Response(null, { status: 302, headers: { location: "/clip.mp4" } });
        case "/to-private":
          return new Response(null, { status: 302, headers: { location: "https://10.1.2.3/clip.mp4" } });
        case "/to-metadata":
          return new Response(null, { status: 302, headers: { location: "https://169.254.169.254/latest/meta-data/" } });
        default:
          return new Response("not found", { status: 404 });
      }
    },
  });
  return {
    url: (path) => `https://127.0.0.1:${server.port}${path}`,
    ca: tls.cert,
    hits,
    stop: () => server.stop(true),
  };
}
