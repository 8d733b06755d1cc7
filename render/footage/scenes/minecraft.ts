import * as THREE from "three";
import { seededRandom } from "../../seeded-random.ts";
import type { SceneFactory } from "../scene.ts";
import { buildCourse, type CourseStyle, type Platform } from "./minecraft/course.ts";
import { BLOCK_TILES, blockTextures } from "./minecraft/textures.ts";
import { VoxelWorld, meshChunk } from "./minecraft/voxels.ts";

/**
 * First-person parkour over a voxel world: the runner sprints and jumps from block to block of a floating
 * course above hills, trees and floating blocks, under a blue sky with flat blocky clouds. The world
 * repeats every PERIOD blocks along z and the runner covers exactly one period per loop, so the clip is
 * periodic.
 */
const PERIOD = 128;
const CHUNK = 16;
const HALF_WIDTH = 32;
const EYE = 1.62;
/** Inside the camera's far plane, or the sky is clipped away. */
const SKY_RADIUS = 180;
const FOG_FAR = 90;

interface Look extends CourseStyle {
  zenith: number;
  horizon: number;
  grass: [number, number, number];
  sunElevation: number;
}

const LOOKS: Record<string, Look> = {
  "grass-run": {
    ground: 8, hills: 4, courseHeight: 17, climb: 2, pillars: false, trees: 90, floaters: 45,
    zenith: 0x4f86db, horizon: 0xb4d4f7, grass: [96, 160, 56], sunElevation: 0.9,
  },
  "plains-run": {
    ground: 6, hills: 1.5, courseHeight: 10, climb: 1, pillars: true, trees: 40, floaters: 18,
    zenith: 0x6a9ce6, horizon: 0xd3e3f0, grass: [124, 189, 84], sunElevation: 0.55,
  },
};

const smoothstep = (s: number) => s * s * (3 - 2 * s);

/** Where the runner's feet are after running `distance` blocks along z (any distance: the course repeats). */
function runnerPath(platforms: Platform[]) {
  const first = platforms[0]!;
  const start = first.z0 + 0.5;
  return (distance: number) => {
    const lap = Math.floor(distance / PERIOD);
    const z = start + distance - lap * PERIOD;
    for (let k = 0; k < platforms.length; k++) {
      const p = platforms[k]!;
      const next = platforms[k + 1] ?? { ...first, z0: first.z0 + PERIOD, z1: first.z1 + PERIOD };
      const landZ = p.z0 + 0.5, takeoffZ = p.z1 + 0.5, nextZ = next.z0 + 0.5;
      if (z < landZ || z >= nextZ) continue;
      const offset = lap * PERIOD;
      if (z <= takeoffZ) return { x: p.x + 0.5, y: p.y + 1, z: z + offset, running: z - landZ, air: 0 };
      const s = (z - takeoffZ) / (nextZ - takeoffZ);
      const rise = Math.max(0, next.y - p.y);
      const y = p.y + 1 + (next.y - p.y) * s + (1.1 + rise * 0.6) * 4 * s * (1 - s);
      return { x: p.x + 0.5 + (next.x - p.x) * smoothstep(s), y, z: z + offset, running: -1, air: Math.sin(Math.PI * s) };
    }
    throw new Error(`minecraft: no platform under z=${z}`);
  };
}

function skyDome(zenith: number, horizon: number): THREE.Mesh {
  const geometry = new THREE.SphereGeometry(SKY_RADIUS, 24, 16);
  const top = new THREE.Color(zenith), bottom = new THREE.Color(horizon);
  const colors: number[] = [];
  const position = geometry.getAttribute("position");
  for (let i = 0; i < position.count; i++) {
    const c = bottom.clone().lerp(top, Math.min(1, Math.max(0, position.getY(i) / SKY_RADIUS) ** 0.6));
    colors.push(c.r, c.g, c.b);
  }
  geometry.setAttribute("color", new THREE.Float32BufferAttribute(colors, 3));
  return new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.BackSide, fog: false, depthWrite: false }));
}

/** Flat blocky clouds on a 4-block grid, periodic in z like the world. */
function clouds(random: () => number, height: number): THREE.InstancedMesh {
  const cells: [number, number][] = [];
  const cols = 40, rows = PERIOD / 4;
  const on = Array.from({ length: cols * rows }, () => random() < 0.05);
  // Grow clusters: a cell next to a cloud cell joins with some chance.
  const grown = on.map((v, i) => v || ((on[i - 1] || on[i + 1] || on[i - cols] || on[i + cols]) && random() < 0.5));
  for (let zStart = -PERIOD; zStart < PERIOD * 2.5; zStart += PERIOD) {
    grown.forEach((v, i) => v && cells.push([(i % cols) * 4 - cols * 2, zStart + Math.floor(i / cols) * 4]));
  }
  const mesh = new THREE.InstancedMesh(
    new THREE.BoxGeometry(4, 1.2, 4),
    new THREE.MeshBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.85, fog: false }),
    cells.length,
  );
  const matrix = new THREE.Matrix4();
  cells.forEach(([x, z], i) => mesh.setMatrixAt(i, matrix.makeTranslation(x, height, z)));
  mesh.frustumCulled = false;
  return mesh;
}

const factory: SceneFactory = (ctx) => {
  const look = LOOKS[ctx.variant];
  if (!look) throw new Error(`minecraft: unknown variant "${ctx.variant}" (grass-run, plains-run)`);
  const random = seededRandom(ctx.seed);
  const world = new VoxelWorld(HALF_WIDTH, 40, PERIOD);
  const platforms = buildCourse(world, random, look);
  const feetAt = runnerPath(platforms);

  const scene = new THREE.Scene();
  scene.fog = new THREE.Fog(look.horizon, 24, FOG_FAR);

  const textures = blockTextures(random, look.grass);
  const materials = BLOCK_TILES.map((tile) => new THREE.MeshBasicMaterial({ map: textures[tile], vertexColors: true }));
  const sunDirection = new THREE.Vector3(-0.55, look.sunElevation, 0.75).normalize();
  const sunArray: [number, number, number] = [sunDirection.x, sunDirection.y, sunDirection.z];
  const chunks = Array.from({ length: PERIOD / CHUNK }, (_, c) => meshChunk(world, c * CHUNK, CHUNK, BLOCK_TILES, sunArray));
  const terrain: THREE.Mesh[] = [];
  for (let z0 = -2 * CHUNK; z0 < PERIOD + 8 * CHUNK; z0 += CHUNK) {
    const mesh = new THREE.Mesh(chunks[((z0 / CHUNK) % chunks.length + chunks.length) % chunks.length]!, materials);
    mesh.position.z = z0;
    terrain.push(mesh);
    scene.add(mesh);
  }
  scene.add(clouds(random, 46));

  const sky = skyDome(look.zenith, look.horizon);
  const sun = new THREE.Mesh(new THREE.PlaneGeometry(16, 16), new THREE.MeshBasicMaterial({ color: 0xfff6c8, fog: false, depthWrite: false }));
  sun.position.copy(sunDirection).multiplyScalar(SKY_RADIUS - 10);
  sun.lookAt(0, 0, 0);
  sky.add(sun);
  sky.renderOrder = -1;
  scene.add(sky);


  const camera = new THREE.PerspectiveCamera(75, ctx.width / ctx.height, 0.05, 200);
  // The runner's arm, held low on the right as in a first-person block game.
  const skin = new THREE.Color(0xc8936a);
  const armFaces = [0.8, 0.55, 1, 0.45, 0.9, 0.7].map((f) => new THREE.MeshBasicMaterial({ color: skin.clone().multiplyScalar(f) }));
  const arm = new THREE.Mesh(new THREE.BoxGeometry(0.11, 0.11, 0.5), armFaces);
  arm.position.set(0.3, -0.42, -0.62);
  camera.add(arm);
  scene.add(camera);

  const speed = PERIOD / ctx.loopSeconds;
  const ahead = new THREE.Vector3();
  return {
    scene,
    camera,
    loop: { kind: "periodic" },
    update(t) {
      const distance = speed * t;
      const feet = feetAt(distance);
      // Looking at the course a few blocks ahead, averaged so jumps do not jerk the view.
      ahead.set(0, 0, 0);
      for (const d of [3, 4.5, 6, 7.5]) {
        const p = feetAt(distance + d);
        ahead.x += p.x / 4;
        ahead.y += p.y / 4;
        ahead.z += p.z / 4;
      }
      const stride = feet.running >= 0 ? Math.abs(Math.sin(distance * Math.PI)) : 0;
      const eye = feet.y + EYE + stride * 0.06;
      camera.position.set(feet.x, eye, feet.z);
      camera.lookAt(ahead.x, ahead.y + 0.6, ahead.z);
      arm.rotation.set(0.35 + stride * 0.12 - feet.air * 0.2, 0.45, 0.05 * Math.sin(distance * Math.PI));
      // Chunks behind the runner or past the fog cost triangles and show nothing.
      for (const mesh of terrain) mesh.visible = mesh.position.z > feet.z - 2 * CHUNK && mesh.position.z < feet.z + FOG_FAR;
      sky.position.copy(camera.position);
    },
  };
};

export default factory;
