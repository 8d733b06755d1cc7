/// <reference lib="dom" />
// Helpers shared by the driving scenes (kart racing, city driving): procedural canvas textures,
// a closed track sampled by arc length, and motion that stays periodic over the loop.
import * as THREE from "three";

/** A texture drawn on a canvas; scenes run in a browser page, so a canvas is always at hand. */
export function driveCanvasTexture(
  width: number,
  height: number,
  draw: (g: CanvasRenderingContext2D, w: number, h: number) => void,
  opts: { repeat?: [number, number]; nearest?: boolean; anisotropy?: number; color?: boolean } = {},
): THREE.CanvasTexture {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext("2d")!;
  draw(g, width, height);
  const tex = new THREE.CanvasTexture(canvas);
  // Data maps (emissive masks) stay linear; anything a viewer sees as colour is sRGB.
  if (opts.color !== false) tex.colorSpace = THREE.SRGBColorSpace;
  if (opts.repeat) {
    tex.wrapS = tex.wrapT = THREE.RepeatWrapping;
    tex.repeat.set(opts.repeat[0], opts.repeat[1]);
  }
  if (opts.nearest) {
    tex.magFilter = THREE.NearestFilter;
    tex.minFilter = THREE.NearestMipmapLinearFilter;
  }
  tex.anisotropy = opts.anisotropy ?? 1;
  return tex;
}

/** Speckles a filled canvas so large surfaces (asphalt, grass) do not read as flat colour. */
export function driveNoise(g: CanvasRenderingContext2D, w: number, h: number, rand: () => number, count: number, alpha: number): void {
  for (let i = 0; i < count; i++) {
    const v = rand() < 0.5 ? 0 : 255;
    g.fillStyle = `rgba(${v},${v},${v},${alpha * rand()})`;
    g.fillRect(Math.floor(rand() * w), Math.floor(rand() * h), 1 + Math.floor(rand() * 2), 1 + Math.floor(rand() * 2));
  }
}

/** One sample of a closed track: where it is, which way it runs, and how hard it turns there. */
export interface TrackSample {
  pos: THREE.Vector3;
  tangent: THREE.Vector3;
  /** Horizontal unit vector to the right of the direction of travel. */
  right: THREE.Vector3;
  /** Signed curvature of the heading (1/units); positive turns left. */
  curvature: number;
}

/**
 * A closed curve sampled at even arc length, so a vehicle at distance s moves at constant speed and
 * distance wraps exactly at the lap length (the lap is what makes the loop periodic).
 */
export class DriveTrack {
  readonly length: number;
  readonly samples: TrackSample[];
  readonly step: number;

  constructor(curve: THREE.Curve<THREE.Vector3>, count: number, curvatureSmoothing = 6) {
    curve.arcLengthDivisions = count * 4;
    this.length = curve.getLength();
    this.step = this.length / count;
    const up = new THREE.Vector3(0, 1, 0);
    const raw: TrackSample[] = [];
    for (let i = 0; i < count; i++) {
      const u = i / count;
      const pos = curve.getPointAt(u);
      const tangent = curve.getTangentAt(u).normalize();
      const right = new THREE.Vector3().crossVectors(tangent, up).normalize();
      raw.push({ pos, tangent, right, curvature: 0 });
    }
    const heading = raw.map((s) => Math.atan2(-s.tangent.x, -s.tangent.z));
    const k = raw.map((_, i) => {
      let d = heading[(i + 1) % count]! - heading[(i - 1 + count) % count]!;
      d = Math.atan2(Math.sin(d), Math.cos(d));
      return d / (2 * this.step);
    });
    // Smoothing keeps camera roll and steering from twitching on the sampling grain.
    for (let i = 0; i < count; i++) {
      let acc = 0;
      for (let j = -curvatureSmoothing; j <= curvatureSmoothing; j++) acc += k[(i + j + count) % count]!;
      raw[i]!.curvature = acc / (2 * curvatureSmoothing + 1);
    }
    this.samples = raw;
  }

  /** Interpolated sample at distance s (any real number: it wraps around the lap). */
  at(s: number, out: TrackSample): TrackSample {
    const n = this.samples.length;
    const x = ((s % this.length) + this.length) % this.length / this.step;
    const i = Math.floor(x) % n;
    const f = x - Math.floor(x);
    const a = this.samples[i]!;
    const b = this.samples[(i + 1) % n]!;
    out.pos.lerpVectors(a.pos, b.pos, f);
    out.tangent.lerpVectors(a.tangent, b.tangent, f).normalize();
    out.right.lerpVectors(a.right, b.right, f).normalize();
    out.curvature = a.curvature + (b.curvature - a.curvature) * f;
    return out;
  }
}

export function driveSample(): TrackSample {
  return { pos: new THREE.Vector3(), tangent: new THREE.Vector3(), right: new THREE.Vector3(), curvature: 0 };
}

/**
 * Wheel angle after travelling `distance`, rounded to whole turns per loop: a wheel turning a
 * fraction of a turn too many would jump at the seam.
 */
export function driveWheelAngle(t: number, loopSeconds: number, loopDistance: number, radius: number): number {
  const turns = Math.max(1, Math.round(loopDistance / (2 * Math.PI * radius)));
  return -2 * Math.PI * turns * (t / loopSeconds);
}

/**
 * Points the camera from `eye` at `target` with its horizon rolled by `roll` radians about the view
 * direction, the way a chase camera leans into a turn.
 */
export function driveAimCamera(camera: THREE.PerspectiveCamera, eye: THREE.Vector3, target: THREE.Vector3, roll: number): void {
  camera.position.copy(eye);
  const fwd = new THREE.Vector3().subVectors(target, eye).normalize();
  camera.up.set(0, 1, 0).applyAxisAngle(fwd, roll);
  camera.lookAt(target);
}

/** A wheel (tyre + rim) whose axle is the local x axis, so spinning is a rotation about x. */
export function driveWheel(radius: number, width: number, tyre: THREE.Material, rim: THREE.Material): THREE.Group {
  const g = new THREE.Group();
  const t = new THREE.Mesh(new THREE.CylinderGeometry(radius, radius, width, 14), tyre);
  t.rotation.z = Math.PI / 2;
  const r = new THREE.Mesh(new THREE.BoxGeometry(width * 1.04, radius * 1.1, radius * 0.35), rim);
  const spin = new THREE.Group();
  spin.add(t, r);
  spin.name = "spin";
  g.add(spin);
  for (const m of [t, r]) m.castShadow = true;
  return g;
}

/** A strip of quads following the track between two lateral offsets, v running along the lap. */
export function driveTrackRibbon(track: DriveTrack, from: number, to: number, lift: number, vPeriod: number): THREE.BufferGeometry {
  const n = track.samples.length;
  const pos: number[] = [];
  const uv: number[] = [];
  const idx: number[] = [];
  // A whole number of texture periods per lap, so stripes meet themselves at the start line.
  const periods = Math.max(1, Math.round(track.length / vPeriod));
  for (let i = 0; i <= n; i++) {
    const s = track.samples[i % n]!;
    for (const [off, u] of [[from, 0], [to, 1]] as const) {
      pos.push(s.pos.x + s.right.x * off, s.pos.y + lift, s.pos.z + s.right.z * off);
      uv.push(u, (i / n) * periods);
    }
    if (i < n) {
      const a = i * 2;
      idx.push(a, a + 1, a + 2, a + 1, a + 3, a + 2);
    }
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute("position", new THREE.Float32BufferAttribute(pos, 3));
  g.setAttribute("uv", new THREE.Float32BufferAttribute(uv, 2));
  g.setIndex(idx);
  g.computeVertexNormals();
  return g;
}
