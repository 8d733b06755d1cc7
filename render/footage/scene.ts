import type { PerspectiveCamera, Scene, WebGLRenderer } from "three";

/**
 * The contract between a footage scene (runs in headless Chromium, bundled with three.js) and the
 * footage pipeline that captures it. A scene is code, seeded: the same recipe gives the same clip on
 * every machine, so nothing may read the clock, Math.random or the page's size: randomness comes from
 * render/seeded-random.ts, seeded with `ctx.seed`.
 */
export interface SceneContext {
  /** Seed for every random choice the scene makes; use `seededRandom(seed)` (render/seeded-random.ts). */
  seed: number;
  /** Which loop of the category this is (e.g. "rainbow-road", "night"); the scene decides what it means. */
  variant: string;
  /** Size of the drawing buffer in pixels (the pipeline scales the frames up to 1080x1920). */
  width: number;
  height: number;
  /** Length of the loop in seconds; everything periodic must repeat exactly after it. */
  loopSeconds: number;
  fps: number;
  renderer: WebGLRenderer;
}

export interface FootageScene {
  scene: Scene;
  camera: PerspectiveCamera;
  /**
   * Puts everything where it is at `t` seconds. The pipeline calls it once per frame with t = frame / fps,
   * in increasing order from 0 (a simulation may step forward inside it).
   */
  update(t: number): void;
  /**
   * How the clip closes its loop. "periodic": update(loopSeconds) looks exactly like update(0), because
   * every moving quantity is periodic in loopSeconds. "crossfade": the state drifts (physics); the pipeline
   * renders `crossfadeSeconds` more and blends that tail over the head so the seam is invisible.
   */
  loop: { kind: "periodic" } | { kind: "crossfade"; crossfadeSeconds: number };
  /**
   * Optional camera grain added by the pipeline after scaling (ffmpeg `noise`, seeded, different on every
   * frame): 0 or absent for none, about 6 for a faint grain, 20 for a strong one.
   */
  grain?: number;
}

export type SceneFactory = (ctx: SceneContext) => FootageScene | Promise<FootageScene>;
