import * as THREE from "three";

/**
 * Lighting baked into colours: what a Lambert material would show under one hemisphere light and one
 * directional light, computed once per face direction, so big surfaces can use unlit materials (on
 * SwiftShader, shading every pixel is the cost; an unlit material draws noticeably faster).
 */
export interface BakedLight {
  hemiSky: number;
  hemiGround: number;
  hemiIntensity: number;
  sun: number;
  sunIntensity: number;
  /** Towards the sun; need not be normalised. */
  sunDir: [number, number, number];
}

const sky = new THREE.Color(), ground = new THREE.Color(), sun = new THREE.Color(), dir = new THREE.Vector3();

/** The factor a surface facing `normal` is multiplied by (linear colour, as three.js lights it). */
export function litColor(light: BakedLight, normal: THREE.Vector3, out = new THREE.Color()): THREE.Color {
  sky.set(light.hemiSky);
  ground.set(light.hemiGround);
  out.copy(ground).lerp(sky, 0.5 * normal.y + 0.5).multiplyScalar(light.hemiIntensity);
  const dot = Math.max(0, normal.dot(dir.set(...light.sunDir).normalize()));
  out.add(sun.set(light.sun).multiplyScalar(light.sunIntensity * dot));
  return out.multiplyScalar(1 / Math.PI);
}

/** Adds a per-vertex colour from each vertex normal; use with `vertexColors: true` on an unlit material. */
export function bakeVertexLight<G extends THREE.BufferGeometry>(geometry: G, light: BakedLight): G {
  const normal = geometry.getAttribute("normal");
  const colors = new Float32Array(normal.count * 3);
  const n = new THREE.Vector3(), c = new THREE.Color();
  for (let i = 0; i < normal.count; i++) {
    litColor(light, n.fromBufferAttribute(normal, i), c);
    colors.set([c.r, c.g, c.b], i * 3);
  }
  geometry.setAttribute("color", new THREE.BufferAttribute(colors, 3));
  return geometry;
}
