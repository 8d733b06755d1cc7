import { WebGLRenderer } from "three";
import type { FootageScene, SceneFactory } from "./scene.ts";

/**
 * The page side of the capture, bundled with one scene and three.js. It owns the WebGL canvas, builds the
 * scene once and then draws frame i at t = i / fps exactly when asked, so the clip does not depend on how
 * fast the machine is.
 */
export interface HostInit {
  seed: number;
  variant: string;
  width: number;
  height: number;
  loopSeconds: number;
  fps: number;
}

/** What the pipeline learns from the scene after it is built. */
export interface HostInfo {
  loop: FootageScene["loop"];
  grain: number;
  renderer: string;
}

interface PageGlobals {
  document: {
    body: { style: Record<string, string>; appendChild(node: unknown): void };
    documentElement: { style: Record<string, string> };
  };
  __footage?: { init(options: HostInit): Promise<HostInfo>; frame(index: number): number };
}

export function installHost(factory: SceneFactory): void {
  const page = globalThis as unknown as PageGlobals;
  let built: { scene: FootageScene; renderer: WebGLRenderer; fps: number } | undefined;
  page.__footage = {
    async init(options) {
      const renderer = new WebGLRenderer({ antialias: true, powerPreference: "high-performance" });
      renderer.setPixelRatio(1);
      renderer.setSize(options.width, options.height);
      const { document } = page;
      document.documentElement.style.background = "#000";
      Object.assign(document.body.style, { margin: "0", overflow: "hidden", background: "#000" });
      document.body.appendChild(renderer.domElement);
      const scene = await factory({ ...options, renderer });
      built = { scene, renderer, fps: options.fps };
      const gl = renderer.getContext();
      const debug = gl.getExtension("WEBGL_debug_renderer_info");
      return {
        loop: scene.loop,
        grain: scene.grain ?? 0,
        renderer: String(debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)),
      };
    },
    frame(index) {
      if (!built) throw new Error("footage host: init() was not called");
      built.scene.update(index / built.fps);
      built.renderer.render(built.scene.scene, built.scene.camera);
      return index;
    },
  };
}
