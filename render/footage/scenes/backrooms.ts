import * as THREE from "three";
import { mergeGeometries } from "three/examples/jsm/utils/BufferGeometryUtils.js";
import { seededRandom } from "../../seeded-random.ts";
import type { SceneFactory } from "../scene.ts";
import { canvasTexture, wrap, type Paint2D } from "./shared/canvas-texture.ts";

/**
 * A slow first-person walk through yellow wallpapered halls: a grid of rooms where some cells are solid
 * wall, and the walk goes once round a rectangular ring of open cells per loop (turning at its corners).
 * The camera's position is the ring's polyline averaged over a short window, so the corners are rounded
 * and the path is a closed curve; head bob and the flicker are periodic in the loop too. The pipeline adds
 * the faint camera grain.
 */

const CELL = 2.5;
const HEIGHT = 2.7;

interface Look {
  fog: number;
  fogNear: number;
  fogFar: number;
  wall: string;
  wallInk: string;
  carpet: string;
  light: number;
}

const LOOKS: Record<string, Look> = {
  "yellow-halls": { fog: 0xb9a65c, fogNear: 3, fogFar: 24, wall: "#cdb866", wallInk: "#b59f4c", carpet: "#8f7d45", light: 0xfff4c8 },
  flicker: { fog: 0x8f7f45, fogNear: 2, fogFar: 19, wall: "#c4ad5a", wallInk: "#a89146", carpet: "#7f6d3b", light: 0xfff0b8 },
};

function speckle(g: Paint2D, w: number, h: number, rand: () => number, count: number, alpha: number) {
  for (let i = 0; i < count; i++) {
    const v = rand() < 0.5 ? 0 : 255;
    g.fillStyle = `rgba(${v},${v},${v * 0.8},${alpha * rand()})`;
    g.fillRect(rand() * w, rand() * h, 1 + rand() * 2, 1 + rand() * 2);
  }
}

function stains(g: Paint2D, w: number, h: number, rand: () => number, count: number, color: string) {
  for (let i = 0; i < count; i++) {
    const x = rand() * w, y = rand() * h, r = 10 + rand() * 40;
    const grad = g.createRadialGradient(x, y, 0, x, y, r);
    grad.addColorStop(0, color);
    grad.addColorStop(1, "rgba(0,0,0,0)");
    g.fillStyle = grad;
    g.fillRect(x - r, y - r, 2 * r, 2 * r);
  }
}

/** One tile of wallpaper 1.35 m wide and the full wall height: stripes of small chevrons, a baseboard. */
function wallpaper(look: Look, rand: () => number) {
  return canvasTexture(128, 256, (g, w, h) => {
    g.fillStyle = look.wall;
    g.fillRect(0, 0, w, h);
    for (let x = 0; x < w; x += 16) {
      g.fillStyle = look.wallInk;
      g.globalAlpha = 0.5;
      g.fillRect(x, 0, 2, h);
      g.globalAlpha = 0.35;
      for (let y = 4; y < h - 16; y += 10) {
        g.beginPath();
        g.moveTo(x + 5, y + 4);
        g.lineTo(x + 9, y);
        g.lineTo(x + 13, y + 4);
        g.lineTo(x + 13, y + 6);
        g.lineTo(x + 9, y + 2);
        g.lineTo(x + 5, y + 6);
        g.fill();
      }
    }
    g.globalAlpha = 1;
    speckle(g, w, h, rand, 400, 0.08);
    stains(g, w, h * 0.85, rand, 2, "rgba(120,95,30,0.07)");
    g.fillStyle = "#7d6b3a";
    g.fillRect(0, h - 10, w, 10);
    g.fillStyle = "#9a8750";
    g.fillRect(0, h - 11, w, 2);
  });
}

function carpet(look: Look, rand: () => number) {
  return canvasTexture(256, 256, (g, w, h) => {
    g.fillStyle = look.carpet;
    g.fillRect(0, 0, w, h);
    for (let i = 0; i < 9000; i++) {
      const v = 60 + rand() * 80;
      g.fillStyle = `rgba(${v + 40},${v + 25},${v * 0.5},0.22)`;
      g.fillRect(rand() * w, rand() * h, 1 + rand() * 2, 1);
    }
    stains(g, w, h, rand, 4, "rgba(70,55,20,0.1)");
  });
}

function ceiling(rand: () => number) {
  return canvasTexture(128, 128, (g, w, h) => {
    g.fillStyle = "#d8cfa8";
    g.fillRect(0, 0, w, h);
    speckle(g, w, h, rand, 900, 0.12);
    g.fillStyle = "#a99f78";
    g.fillRect(0, 0, w, 3);
    g.fillRect(0, 0, 3, h);
  });
}

/** Faces of a solid cell that look onto open cells, textured in world units so the paper runs on. */
function wallFace(x0: number, z0: number, x1: number, z1: number) {
  const len = Math.hypot(x1 - x0, z1 - z0);
  const face = new THREE.PlaneGeometry(len, HEIGHT);
  const uv = face.getAttribute("uv");
  const start = (Math.abs(x1 - x0) > 0.1 ? Math.min(x0, x1) : Math.min(z0, z1)) / 1.35;
  for (let i = 0; i < uv.count; i++) uv.setX(i, start + uv.getX(i) * (len / 1.35));
  // PlaneGeometry faces +z; turn it so its front faces the open side (to the left of x0,z0 -> x1,z1)
  // lighting is baked, as the panels light every hall alike: walls across x a shade darker than walls
  // across z, and darker towards the carpet (unlit materials draw several times faster on SwiftShader)
  const shade = Math.abs(x1 - x0) > 0.1 ? 1 : 0.84;
  const pos = face.getAttribute("position");
  const colors = new Float32Array(pos.count * 3);
  for (let i = 0; i < pos.count; i++) colors.fill(shade * (pos.getY(i) > 0 ? 1 : 0.72), i * 3, i * 3 + 3);
  face.setAttribute("color", new THREE.BufferAttribute(colors, 3));
  face.rotateY(Math.atan2(-(z1 - z0), x1 - x0));
  face.translate((x0 + x1) / 2, HEIGHT / 2, (z0 + z1) / 2);
  return face;
}

const factory: SceneFactory = (ctx) => {
  const rand = seededRandom(ctx.seed);
  const look = LOOKS[ctx.variant] ?? LOOKS["yellow-halls"]!;
  const flicker = ctx.variant === "flicker";
  const L = ctx.loopSeconds, fps = ctx.fps;

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(look.fog);
  scene.fog = new THREE.Fog(look.fog, look.fogNear, look.fogFar);
  const camera = new THREE.PerspectiveCamera(72, ctx.width / ctx.height, 0.05, 40);

  // --- the ring the walk follows: W x H cells, about 1.4 m/s ---
  const half = Math.max(4, Math.round((1.4 * L) / (2 * CELL)));
  const W = Math.max(2, Math.min(half - 2, 2 + Math.floor(rand() * (half - 3)))), H = half - W;
  const PAD = 6;
  const cols = W + 1 + 2 * PAD, rows = H + 1 + 2 * PAD;
  const solid: boolean[][] = [];
  for (let i = 0; i < cols; i++) {
    solid.push([]);
    for (let j = 0; j < rows; j++) {
      const ci = i - PAD, cj = j - PAD;
      const onRing = ((ci === 0 || ci === W) && cj >= 0 && cj <= H) || ((cj === 0 || cj === H) && ci >= 0 && ci <= W);
      const inside = ci > 0 && ci < W && cj > 0 && cj < H;
      const edge = i === 0 || j === 0 || i === cols - 1 || j === rows - 1;
      solid[i]!.push(edge || (!onRing && (inside ? rand() < 0.85 : rand() < 0.42)));
    }
  }
  const isSolid = (i: number, j: number) => solid[i]?.[j] ?? true;
  const cx = (i: number) => (i - PAD) * CELL, cz = (j: number) => (j - PAD) * CELL;

  const faces: THREE.BufferGeometry[] = [];
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      if (!isSolid(i, j)) continue;
      const x0 = cx(i) - CELL / 2, x1 = cx(i) + CELL / 2, z0 = cz(j) - CELL / 2, z1 = cz(j) + CELL / 2;
      if (!isSolid(i, j - 1) && j > 0) faces.push(wallFace(x1, z0, x0, z0));
      if (!isSolid(i, j + 1) && j < rows - 1) faces.push(wallFace(x0, z1, x1, z1));
      if (!isSolid(i - 1, j) && i > 0) faces.push(wallFace(x0, z0, x0, z1));
      if (!isSolid(i + 1, j) && i < cols - 1) faces.push(wallFace(x1, z1, x1, z0));
    }
  }
  const walls = new THREE.Mesh(mergeGeometries(faces), new THREE.MeshBasicMaterial({ map: wallpaper(look, rand), vertexColors: true }));
  scene.add(walls);

  const spanX = cols * CELL, spanZ = rows * CELL, midX = cx(0) + spanX / 2 - CELL / 2, midZ = cz(0) + spanZ / 2 - CELL / 2;
  const carpetTex = carpet(look, rand);
  carpetTex.repeat.set(spanX / 3, spanZ / 3);
  const floor = new THREE.Mesh(new THREE.PlaneGeometry(spanX, spanZ), new THREE.MeshBasicMaterial({ map: carpetTex, color: 0xd0d0d0 }));
  floor.rotation.x = -Math.PI / 2;
  floor.position.set(midX, 0, midZ);
  const ceilTex = ceiling(rand);
  ceilTex.repeat.set(spanX / 0.625, spanZ / 0.625);
  const ceil = new THREE.Mesh(new THREE.PlaneGeometry(spanX, spanZ), new THREE.MeshBasicMaterial({ map: ceilTex, color: 0xece3b6 }));
  ceil.rotation.x = Math.PI / 2;
  ceil.position.set(midX, HEIGHT, midZ);
  scene.add(floor, ceil);

  // fluorescent panels over every other open cell; the one the walk passes first can flicker
  const spots: THREE.Vector3[] = [];
  for (let i = 1; i < cols - 1; i++) for (let j = 1; j < rows - 1; j++) if (!isSolid(i, j) && (i + j) % 2 === 0) spots.push(new THREE.Vector3(cx(i), HEIGHT - 0.01, cz(j)));
  const panelGeo = new THREE.BoxGeometry(0.62, 0.02, 1.22);
  const panelMat = new THREE.MeshBasicMaterial({ color: look.light });
  const panels = new THREE.InstancedMesh(panelGeo, panelMat, spots.length);
  const m4 = new THREE.Matrix4();
  spots.forEach((s, k) => panels.setMatrixAt(k, m4.makeTranslation(s.x, s.y, s.z)));
  scene.add(panels);


  // --- the walk ---
  const corners = [
    [0, 0], [W, 0], [W, H], [0, H],
  ].map(([i, j]) => new THREE.Vector2(i! * CELL, j! * CELL));
  if (flicker) corners.reverse();
  const lengths = corners.map((c, k) => c.distanceTo(corners[(k + 1) % 4]!));
  const perimeter = lengths.reduce((a, b) => a + b, 0);
  const onRing = (s: number, out: THREE.Vector2) => {
    let d = wrap(s, perimeter), k = 0;
    while (d > lengths[k]! && k < 3) d -= lengths[k++]!;
    const a = corners[k]!, b = corners[(k + 1) % 4]!;
    return out.copy(a).lerp(b, d / lengths[k]!);
  };
  const tmp = new THREE.Vector2(), acc = new THREE.Vector2();
  const walkAt = (s: number, out: THREE.Vector2) => {
    acc.set(0, 0);
    for (let k = -6; k <= 6; k++) acc.add(onRing(s + k * 0.16, tmp));
    return out.copy(acc.multiplyScalar(1 / 13));
  };
  // a fixed flickering panel beside the walk, plus the whole-floor dips in the flicker variant
  const flickerSpot = spots.reduce((best, s) => (Math.abs(s.x - corners[1]!.x) + Math.abs(s.z - corners[1]!.y) < Math.abs(best.x - corners[1]!.x) + Math.abs(best.z - corners[1]!.y) ? s : best), spots[0] ?? new THREE.Vector3());
  const frames = Math.round(L * fps);
  const hash = (n: number) => {
    let x = (wrap(n, frames) + ctx.seed * 7919) | 0;
    x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
    x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
    return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
  };
  // bursts: a few frames every couple of seconds where the tube stutters
  const flickerLevel = (frame: number) => {
    const burst = Math.floor(wrap(frame, frames) / 20);
    if (hash(burst * 31 + 5) > (flicker ? 0.55 : 0.0)) return 1;
    return hash(frame) < 0.45 ? 0.25 + 0.3 * hash(frame + 999) : 1;
  };
  const flickerPanel = new THREE.Mesh(panelGeo, new THREE.MeshBasicMaterial({ color: look.light }));
  flickerPanel.position.copy(flickerSpot).setY(HEIGHT - 0.02);
  if (flicker) scene.add(flickerPanel);

  const pos = new THREE.Vector2(), ahead = new THREE.Vector2(), target = new THREE.Vector3();
  const steps = Math.round(0.95 * L);
  const baseColor = new THREE.Color(look.light);
  const tints = [walls, floor, ceil].map((mesh) => {
    const material = mesh.material as THREE.MeshBasicMaterial;
    return [material, material.color.clone()] as const;
  });

  return {
    scene,
    camera,
    loop: { kind: "periodic" },
    grain: flicker ? 9 : 6,
    update(t) {
      const s = (t / L) * perimeter;
      walkAt(s, pos);
      walkAt(s + 1.4, ahead);
      const step = (2 * Math.PI * steps * t) / L;
      const bob = Math.abs(Math.sin(step)) * 0.035;
      camera.position.set(pos.x, 1.58 + bob, pos.y);
      const sway = Math.sin(step) * 0.04, drift = Math.sin((2 * Math.PI * t) / L) * 0.12;
      target.set(ahead.x + sway, 1.5 + drift, ahead.y);
      camera.lookAt(target);

      const frame = Math.round(t * fps);
      const level = flicker ? flickerLevel(frame) : 1;
      flickerPanel.material.color.copy(baseColor).multiplyScalar(level < 1 ? 0.2 : 1);
      // when the tube stutters the whole hall dips a little with it
      const dim = 0.8 + 0.2 * level;
      for (const [material, base] of tints) material.color.copy(base).multiplyScalar(dim);
    },
  };
};

export default factory;
