import * as THREE from "three";

/**
 * Procedural textures drawn on a 2D canvas in the page. The project compiles without the DOM library
 * (the service runs on Bun), so the few canvas calls the scenes use are typed here instead.
 */
export interface CanvasGradient2D {
  addColorStop(offset: number, color: string): void;
}

export interface Paint2D {
  fillStyle: string | CanvasGradient2D;
  strokeStyle: string | CanvasGradient2D;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  textAlign: string;
  textBaseline: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  ellipse(x: number, y: number, rx: number, ry: number, rotation: number, start: number, end: number): void;
  fill(): void;
  stroke(): void;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  fillText(text: string, x: number, y: number): void;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): CanvasGradient2D;
  createRadialGradient(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): CanvasGradient2D;
}

interface Canvas2D {
  width: number;
  height: number;
  getContext(kind: "2d"): Paint2D | null;
}

export interface CanvasTextureOptions {
  /** Nearest-neighbour sampling for pixel-art looks; otherwise mipmapped and smooth. */
  pixelated?: boolean;
  /** Tiles the texture this many times across a face (RepeatWrapping on both axes). */
  repeat?: [number, number];
  /** Colour data (sRGB) or data such as a bump or alpha map (linear). */
  color?: boolean;
}

export function canvasTexture(
  width: number,
  height: number,
  draw: (g: Paint2D, width: number, height: number) => void,
  options: CanvasTextureOptions = {},
): THREE.CanvasTexture {
  const { document } = globalThis as unknown as { document: { createElement(tag: "canvas"): Canvas2D } };
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("canvas-texture: no 2D context in this page");
  draw(g, width, height);
  const texture = new THREE.CanvasTexture(canvas as never);
  texture.wrapS = THREE.RepeatWrapping;
  texture.wrapT = THREE.RepeatWrapping;
  if (options.repeat) texture.repeat.set(options.repeat[0], options.repeat[1]);
  if (options.color !== false) texture.colorSpace = THREE.SRGBColorSpace;
  if (options.pixelated) {
    texture.magFilter = THREE.NearestFilter;
    texture.minFilter = THREE.NearestMipmapLinearFilter;
  }
  return texture;
}

/**
 * A sky dome coloured per vertex, stops from the zenith (0) to just below the horizon (1). A mesh rather
 * than a `scene.background` texture: on SwiftShader fill rate is the cost, and a full-screen background
 * texture took twice as long as this dome (85 against 40 ms a frame on a loaded 2-core machine). It is
 * drawn after the opaque scene so only the pixels where sky shows are shaded. Keep it centred on the camera.
 */
export function skyDome(stops: Array<[number, string]>, radius: number): THREE.Mesh {
  const geometry = new THREE.SphereGeometry(radius, 24, 24);
  const pos = geometry.getAttribute("position");
  const colors = new Float32Array(pos.count * 3);
  const c = new THREE.Color(), a = new THREE.Color(), b = new THREE.Color();
  for (let i = 0; i < pos.count; i++) {
    const u = 1 - Math.min(1, Math.max(0, (pos.getY(i) / radius + 0.04) / 0.74));
    let k = 0;
    while (k < stops.length - 2 && stops[k + 1]![0] < u) k++;
    const [u0, c0] = stops[k]!, [u1, c1] = stops[Math.min(k + 1, stops.length - 1)]!;
    c.copy(a.set(c0)).lerp(b.set(c1), u1 > u0 ? Math.min(1, Math.max(0, (u - u0) / (u1 - u0))) : 0);
    colors.set([c.r, c.g, c.b], i * 3);
  }
  geometry.setAttribute("color", new THREE.BufferAttribute(colors, 3));
  const material = new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.BackSide, fog: false, depthWrite: false });
  const dome = new THREE.Mesh(geometry, material);
  dome.renderOrder = 10;
  return dome;
}

/** Smooth 0..1 ramp between edge0 and edge1 (GLSL smoothstep). */
export function smoothstep(edge0: number, edge1: number, x: number): number {
  const u = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return u * u * (3 - 2 * u);
}

/** x modulo m into [0, m), also for negative x. */
export function wrap(x: number, m: number): number {
  return ((x % m) + m) % m;
}
