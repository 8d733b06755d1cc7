import { Block, VoxelWorld } from "./voxels.ts";

/**
 * The parkour course and the land under it, generated for one period of the world. Every shape is periodic
 * in z (noise lattices wrap, the course's sideways and vertical weave are whole numbers of sine periods),
 * so the world and the runner's path repeat exactly after `period` blocks.
 */
export interface CourseStyle {
  /** Height of the land above y = 0 and how hilly it is. */
  ground: number;
  hills: number;
  /** Height of the course's blocks and how much it climbs and drops. */
  courseHeight: number;
  climb: number;
  /** Pillars under the course's blocks down to the land (towers) or none (floating blocks). */
  pillars: boolean;
  trees: number;
  floaters: number;
}

/** A block (or short row of blocks) of the course: the runner lands at its start and jumps off its end. */
export interface Platform {
  x: number;
  y: number;
  /** First and last z of the platform's blocks. */
  z0: number;
  z1: number;
}

/** Value noise on a lattice of `cell` blocks whose z index wraps, so it is periodic in z. */
function periodicNoise(random: () => number, period: number, cell: number, halfWidth: number) {
  const cols = Math.ceil((halfWidth * 2) / cell) + 2;
  const rows = period / cell;
  const lattice = Array.from({ length: cols * rows }, () => random());
  const at = (i: number, j: number) => lattice[((j % rows) + rows) % rows * cols + Math.min(cols - 1, Math.max(0, i))]!;
  const smooth = (f: number) => f * f * (3 - 2 * f);
  return (x: number, z: number) => {
    const fx = (x + halfWidth) / cell, fz = z / cell;
    const i = Math.floor(fx), j = Math.floor(fz);
    const u = smooth(fx - i), v = smooth(fz - j);
    const top = at(i, j) * (1 - u) + at(i + 1, j) * u;
    const bottom = at(i, j + 1) * (1 - u) + at(i + 1, j + 1) * u;
    return top * (1 - v) + bottom * v;
  };
}

export function buildCourse(world: VoxelWorld, random: () => number, style: CourseStyle): Platform[] {
  const { period, halfWidth } = world;
  const platforms: Platform[] = [];
  // Platform lengths and gaps sum to the period exactly: start from random draws, then nudge.
  const steps: { length: number; gap: number }[] = [];
  let total = 0;
  while (total < period - 5) {
    const step = { length: random() < 0.3 ? 2 + Math.floor(random() * 2) : 1, gap: 1 + Math.floor(random() * 3) };
    steps.push(step);
    total += step.length + step.gap;
  }
  for (let i = 0; total !== period; i = (i + 1) % steps.length) {
    const step = steps[i]!;
    // The first loop stops at most 5 short of the period, so only growing is ever needed.
    if (step.gap < 3) step.gap++;
    else if (step.length < 4) step.length++;
    else continue;
    total++;
  }
  const phaseX = random() * Math.PI * 2, phaseY = random() * Math.PI * 2;
  const weave = (z: number) => Math.round(3 * Math.sin((2 * Math.PI * z * 2) / period + phaseX) + 1.5 * Math.sin((2 * Math.PI * z * 5) / period));
  const rise = (z: number) => style.courseHeight + Math.round(style.climb * Math.sin((2 * Math.PI * z * 3) / period + phaseY));
  let z = 0;
  for (const step of steps) {
    platforms.push({ x: weave(z), y: rise(z), z0: z, z1: z + step.length - 1 });
    z += step.length + step.gap;
  }

  const land = periodicNoise(random, period, 16, halfWidth);
  const detail = periodicNoise(random, period, 4, halfWidth);
  const sandLevel = style.ground - style.hills * 0.6;
  for (let wz = 0; wz < period; wz++) {
    for (let x = -halfWidth; x < halfWidth; x++) {
      const h = Math.round(style.ground + style.hills * (land(x, wz) * 2 - 1) + (detail(x, wz) - 0.5) * 1.5);
      for (let y = 0; y <= h; y++) {
        const block = y === h ? (h <= sandLevel ? Block.Sand : Block.Grass) : y > h - 3 ? Block.Dirt : Block.Stone;
        world.set(x, y, wz, block);
      }
    }
  }

  const onCourse = (x: number, wz: number, margin: number) =>
    platforms.some((p) => Math.abs(p.x - x) <= margin && wz >= p.z0 - margin - 2 && wz <= p.z1 + margin + 2);
  for (let n = 0; n < style.trees; n++) {
    const x = Math.floor((random() * 2 - 1) * (halfWidth - 3));
    const wz = Math.floor(random() * period);
    if (onCourse(x, wz, 3)) continue;
    const ground = world.top(x, wz);
    if (world.get(x, ground, wz) !== Block.Grass) continue;
    const trunk = 4 + Math.floor(random() * 3);
    for (let y = 1; y <= trunk; y++) world.set(x, ground + y, wz, Block.Log);
    const crown = ground + trunk;
    for (let dy = -2; dy <= 1; dy++) {
      const r = dy < 0 ? 2 : 1;
      for (let dx = -r; dx <= r; dx++) {
        for (let dz = -r; dz <= r; dz++) {
          const cornerCut = Math.abs(dx) === r && Math.abs(dz) === r && (dy === 1 || random() < 0.5);
          if (cornerCut || world.get(x + dx, crown + dy, wz + dz) !== 0) continue;
          world.set(x + dx, crown + dy, wz + dz, Block.Leaves);
        }
      }
    }
    world.set(x, crown + 1, wz, Block.Leaves);
  }

  // Floating blocks beside the course, the decoration of a parkour map.
  for (let n = 0; n < style.floaters; n++) {
    const x = Math.floor((random() * 2 - 1) * (halfWidth - 4));
    const wz = Math.floor(random() * period);
    if (onCourse(x, wz, 2)) continue;
    const y = style.courseHeight + Math.floor(random() * 8) - 2;
    const block = [Block.Stone, Block.Planks, Block.Cobble, Block.Gold, Block.Dirt][Math.floor(random() * 5)]!;
    const w = 1 + Math.floor(random() * 3), d = 1 + Math.floor(random() * 3);
    for (let dx = 0; dx < w; dx++) for (let dz = 0; dz < d; dz++) world.set(x + dx, y, wz + dz, block);
  }

  // The course last: its blocks, the air the runner passes through, and pillars when the style has them.
  const materials = [Block.Planks, Block.Cobble, Block.Stone, Block.Log, Block.Gold, Block.Grass];
  for (const p of platforms) {
    const block = p.z1 > p.z0 ? Block.Planks : materials[Math.floor(random() * materials.length)]!;
    for (let wz = p.z0; wz <= p.z1; wz++) {
      for (let y = p.y + 1; y <= p.y + 4; y++) for (let dx = -1; dx <= 1; dx++) world.set(p.x + dx, y, wz, 0);
      world.set(p.x, p.y, wz, block);
      if (style.pillars) for (let y = p.y - 1; y >= 0 && world.get(p.x, y, wz) === 0; y--) world.set(p.x, y, wz, Block.Cobble);
    }
  }
  return platforms;
}
