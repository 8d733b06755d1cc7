import { Browser, type CdpSession } from "./chromium.ts";
import { bundleScene } from "./bundle.ts";
import type { HostInfo, HostInit } from "./host.ts";

/**
 * Renders one scene in a headless page and captures frames through the compositor
 * (`Page.captureScreenshot`): reading the WebGL buffer back from the page is 25-40x slower on SwiftShader.
 * Each capture follows exactly one rendered frame, so no frame is ever captured twice or skipped.
 */
export interface CaptureOptions extends Omit<HostInit, "variant"> {
  slug: string;
  variant: string;
  /** Screenshot encoding of the frames handed to ffmpeg. */
  format?: "jpeg" | "png";
  /** JPEG quality, 0-100. */
  quality?: number;
}

export class SceneCapture {
  private constructor(
    private readonly browser: Browser,
    private readonly ownsBrowser: boolean,
    private readonly page: CdpSession,
    readonly info: HostInfo,
    private readonly options: CaptureOptions,
  ) {}

  /** Opens the scene in a new page; launches Chromium unless one is given. */
  static async open(options: CaptureOptions, browser?: Browser): Promise<SceneCapture> {
    const bundle = await bundleScene(options.slug);
    const owned = !browser;
    const chromium = browser ?? (await Browser.launch());
    try {
      const page = await chromium.newPage(options.width, options.height);
      await page.evaluate(bundle.code);
      const init: HostInit = {
        seed: options.seed,
        variant: options.variant,
        width: options.width,
        height: options.height,
        loopSeconds: options.loopSeconds,
        fps: options.fps,
      };
      const info = await page.evaluate<HostInfo>(`__footage.init(${JSON.stringify(init)})`);
      return new SceneCapture(chromium, owned, page, info, options);
    } catch (error) {
      if (owned) await chromium.close();
      throw error;
    }
  }

  /** Draws frame `index` (t = index / fps) and returns its screenshot. Call with increasing indexes. */
  async frame(index: number, format = this.options.format ?? "jpeg"): Promise<Uint8Array> {
    await this.page.evaluate(`__footage.frame(${index})`);
    return this.screenshot(format);
  }

  /** Captures what is on screen now, without drawing: the same frame again in another format. */
  async screenshot(format: "jpeg" | "png"): Promise<Uint8Array> {
    const params: Record<string, unknown> = { format, optimizeForSpeed: true, captureBeyondViewport: false };
    if (format === "jpeg") params.quality = this.options.quality ?? 92;
    const { data } = await this.page.send<{ data: string }>("Page.captureScreenshot", params);
    return Buffer.from(data, "base64");
  }

  async close(): Promise<void> {
    if (this.ownsBrowser) await this.browser.close();
    else await this.page.send("Page.close").catch(() => undefined);
  }
}
