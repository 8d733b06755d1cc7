/**
 * What capturing a footage scene costs, per way of getting frames out of headless Chromium:
 *   bun bench/footage-capture.ts [slug] [variant] [frames]
 * Prints wall and CPU milliseconds per frame (CPU of Chromium's processes, which is what a loaded or a
 * 2-core machine pays) for Page.captureScreenshot in JPEG and PNG at several sizes, and for a screencast.
 * The pipeline uses the first row (JPEG at 540x960, scaled up by ffmpeg).
 */
import { readdirSync, readFileSync } from "node:fs";
import { Browser, type CdpSession } from "../render/footage/chromium.ts";
import { bundleScene } from "../render/footage/bundle.ts";
import { FOOTAGE_FPS, LOOP_SECONDS, findRecipe, sceneVariant } from "../render/footage/recipes.ts";

const [slug = "minecraft", name = "grass-run", count = "60"] = Bun.argv.slice(2);
const frames = Number(count);
const recipe = findRecipe(slug, name);
const variant = recipe ? sceneVariant(recipe) : name;
const seed = recipe?.seed ?? 1;

/** CPU seconds so far of a process and all its descendants. */
function treeCpuSeconds(root: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
      parent.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while being read.
    }
  }
  const inTree = (pid: number): boolean => pid === root || (parent.has(pid) && pid > 1 && inTree(parent.get(pid)!));
  let total = 0;
  for (const [pid, t] of ticks) if (inTree(pid)) total += t;
  return total / 100;
}

async function openPage(browser: Browser, width: number, height: number): Promise<CdpSession> {
  const page = await browser.newPage(width, height);
  await page.evaluate((await bundleScene(slug)).code);
  await page.evaluate(`__footage.init(${JSON.stringify({ seed, variant, width, height, loopSeconds: LOOP_SECONDS, fps: FOOTAGE_FPS })})`);
  return page;
}

/** Runs `frames` captures made by `prepare`'s function in a fresh browser; prints wall and CPU per frame. */
async function measure(label: string, prepare: (browser: Browser) => Promise<(i: number) => Promise<number>>) {
  const browser = await Browser.launch();
  try {
    const capture = await prepare(browser);
    await capture(0);
    const cpu0 = treeCpuSeconds(browser.pid);
    const t0 = performance.now();
    let bytes = 0;
    for (let i = 1; i <= frames; i++) bytes += await capture(i);
    const wall = (performance.now() - t0) / frames;
    const cpu = ((treeCpuSeconds(browser.pid) - cpu0) * 1000) / frames;
    console.log(`${label.padEnd(36)} ${wall.toFixed(0).padStart(5)} ms wall ${cpu.toFixed(0).padStart(5)} ms CPU ${(bytes / frames / 1024).toFixed(0).padStart(5)} KB/frame`);
  } finally {
    await browser.close();
  }
}

console.log(`${slug}/${variant}, ${frames} frames per row, load average ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`);
for (const [width, height, format] of [[540, 960, "jpeg"], [540, 960, "png"], [720, 1280, "jpeg"], [1080, 1920, "jpeg"]] as const) {
  await measure(`captureScreenshot ${format} ${width}x${height}`, async (browser) => {
    const page = await openPage(browser, width, height);
    return async (i) => {
      await page.evaluate(`__footage.frame(${i})`);
      const { data } = await page.send<{ data: string }>("Page.captureScreenshot", { format, quality: 92, optimizeForSpeed: true });
      return (data.length * 3) / 4;
    };
  });
}

// A screencast pushes a frame whenever the compositor draws one; drawing on demand and waiting for the
// pushed frame gives one frame per draw, without the request.
await measure("screencast jpeg 540x960", async (browser) => {
  const page = await openPage(browser, 540, 960);
  let waiting: ((data: string) => void) | undefined;
  browser.onEvent((method, params, sessionId) => {
    if (method !== "Page.screencastFrame" || sessionId !== page.sessionId) return;
    void page.send("Page.screencastFrameAck", { sessionId: params.sessionId });
    waiting?.(params.data);
    waiting = undefined;
  });
  await page.send("Page.startScreencast", { format: "jpeg", quality: 92, everyNthFrame: 1 });
  return async (i) => {
    const frame = new Promise<string>((resolve) => (waiting = resolve));
    await page.evaluate(`__footage.frame(${i})`);
    return ((await frame).length * 3) / 4;
  };
});

// Reading the WebGL drawing buffer in the page (what the notes measured as 25-40x slower).
await measure("toDataURL jpeg 540x960 (in page)", async (browser) => {
  const page = await openPage(browser, 540, 960);
  return async (i) => {
    const data = await page.evaluate<string>(`(__footage.frame(${i}), document.querySelector("canvas").toDataURL("image/jpeg", 0.92))`);
    return (data.length * 3) / 4;
  };
});
