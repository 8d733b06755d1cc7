import { BufferGeometry, Float32BufferAttribute } from "three";
import type { Tile } from "./textures.ts";

/**
 * A voxel world that repeats along z every `period` blocks (the loop's run length), so the camera can run
 * forward forever and frame `loop` looks exactly like frame 0. Only faces next to air are meshed. Light is
 * baked into vertex colours, as voxel games do: sun by face direction, shadows by ray-marching toward the
 * sun, ambient occlusion at corners. A CPU rasteriser then draws unlit textured triangles, the cheapest
 * shader there is, and no shadow-map pass.
 */
export const AIR = 0;
export const enum Block {
  Grass = 1,
  Dirt,
  Stone,
  Cobble,
  Log,
  Planks,
  Leaves,
  Sand,
  Gold,
}

/** Which tile each face of a block shows: [top, bottom, side]. */
const FACE_TILES: Record<number, [Tile, Tile, Tile]> = {
  [Block.Grass]: ["grassTop", "dirt", "grassSide"],
  [Block.Dirt]: ["dirt", "dirt", "dirt"],
  [Block.Stone]: ["stone", "stone", "stone"],
  [Block.Cobble]: ["cobble", "cobble", "cobble"],
  [Block.Log]: ["logTop", "logTop", "logSide"],
  [Block.Planks]: ["planks", "planks", "planks"],
  [Block.Leaves]: ["leaves", "leaves", "leaves"],
  [Block.Sand]: ["sand", "sand", "sand"],
  [Block.Gold]: ["gold", "gold", "gold"],
};

export class VoxelWorld {
  private readonly cells: Uint8Array;
  constructor(
    /** Blocks from -halfWidth to halfWidth - 1 across. */
    readonly halfWidth: number,
    readonly height: number,
    /** Length of one repetition along z. */
    readonly period: number,
  ) {
    this.cells = new Uint8Array(halfWidth * 2 * height * period);
  }

  private index(x: number, y: number, z: number): number {
    const wz = ((z % this.period) + this.period) % this.period;
    return (wz * this.height + y) * this.halfWidth * 2 + (x + this.halfWidth);
  }

  get(x: number, y: number, z: number): number {
    if (x < -this.halfWidth || x >= this.halfWidth || y < 0 || y >= this.height) return AIR;
    return this.cells[this.index(x, y, z)]!;
  }

  set(x: number, y: number, z: number, block: number): void {
    if (x < -this.halfWidth || x >= this.halfWidth || y < 0 || y >= this.height) return;
    this.cells[this.index(x, y, z)] = block;
  }

  /** Highest non-air y of a column, or -1. */
  top(x: number, z: number): number {
    for (let y = this.height - 1; y >= 0; y--) if (this.get(x, y, z) !== AIR) return y;
    return -1;
  }
}

// Each face: outward normal and its four corners (counter-clockwise seen from outside), as offsets in the cell.
const FACES: { n: [number, number, number]; corners: [number, number, number][]; kind: 0 | 1 | 2 }[] = [
  { n: [0, 1, 0], kind: 0, corners: [[0, 1, 1], [1, 1, 1], [1, 1, 0], [0, 1, 0]] },
  { n: [0, -1, 0], kind: 1, corners: [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]] },
  { n: [1, 0, 0], kind: 2, corners: [[1, 0, 1], [1, 0, 0], [1, 1, 0], [1, 1, 1]] },
  { n: [-1, 0, 0], kind: 2, corners: [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 0]] },
  { n: [0, 0, 1], kind: 2, corners: [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]] },
  { n: [0, 0, -1], kind: 2, corners: [[1, 0, 0], [0, 0, 0], [0, 1, 0], [1, 1, 0]] },
];
const UVS = [[0, 0], [1, 0], [1, 1], [0, 1]];

/**
 * 1 when the sun reaches this point, 0 when a block stands in the way: a ray marched through the grid
 * toward the sun (the grid repeats in z, so shadows do too).
 */
function sunlight(world: VoxelWorld, x: number, y: number, z: number, sun: [number, number, number]): number {
  // Start a little off the surface so a corner does not shadow itself.
  for (let d = 0.3; y + sun[1] * d < world.height; d += 0.5) {
    if (world.get(Math.floor(x + sun[0] * d), Math.floor(y + sun[1] * d), Math.floor(z + sun[2] * d)) !== AIR) return 0;
  }
  return 1;
}

/**
 * Meshes blocks with z in [z0, z0 + length) into one geometry with a group per tile (materials follow
 * `tiles` order). Vertices are relative to z0 so one geometry serves every repetition of the chunk.
 */
export function meshChunk(world: VoxelWorld, z0: number, length: number, tiles: readonly Tile[], sun: [number, number, number]): BufferGeometry {
  const buckets = tiles.map(() => ({ position: [] as number[], normal: [] as number[], uv: [] as number[], color: [] as number[] }));
  // Below the world and beyond its sides count as solid: those faces are never seen, and skipping them
  // halves the triangles (the renderer is bound by triangles on a CPU rasteriser, not by pixels).
  const solid = (x: number, y: number, z: number) =>
    y < 0 || x < -world.halfWidth || x >= world.halfWidth ? 1 : world.get(x, y, z) === AIR ? 0 : 1;
  for (let z = z0; z < z0 + length; z++) {
    for (let y = 0; y < world.height; y++) {
      for (let x = -world.halfWidth; x < world.halfWidth; x++) {
        const block = world.get(x, y, z);
        if (block === AIR) continue;
        for (const face of FACES) {
          const [nx, ny, nz] = face.n;
          if (solid(x + nx, y + ny, z + nz)) continue;
          const bucket = buckets[tiles.indexOf(FACE_TILES[block]![face.kind])]!;
          face.corners.forEach(([cx, cy, cz], i) => {
            // Ambient occlusion: the three cells touching this corner on the face's outer side.
            const ox = x + nx, oy = y + ny, oz = z + nz;
            const dx = cx * 2 - 1, dy = cy * 2 - 1, dz = cz * 2 - 1;
            const a = nx ? [ox, oy + dy, oz] : ny ? [ox + dx, oy, oz] : [ox + dx, oy, oz];
            const b = nx ? [ox, oy, oz + dz] : ny ? [ox, oy, oz + dz] : [ox, oy + dy, oz];
            const side1 = solid(a[0]!, a[1]!, a[2]!);
            const side2 = solid(b[0]!, b[1]!, b[2]!);
            const corner = solid(a[0]! + (b[0]! - ox), a[1]! + (b[1]! - oy), a[2]! + (b[2]! - oz));
            const occlusion = side1 && side2 ? 3 : side1 + side2 + corner;
            const facing = Math.max(0, nx * sun[0] + ny * sun[1] + nz * sun[2]);
            const lit = facing > 0 ? facing * sunlight(world, x + cx + nx * 0.5, y + cy + ny * 0.5, z + cz + nz * 0.5, sun) : 0;
            const light = (0.5 + 0.5 * lit) * (1 - occlusion * 0.16);
            bucket.position.push(x + cx, y + cy, z - z0 + cz);
            bucket.normal.push(nx, ny, nz);
            bucket.uv.push(UVS[i]![0]!, UVS[i]![1]!);
            bucket.color.push(light, light, light);
          });
        }
      }
    }
  }
  const geometry = new BufferGeometry();
  const position: number[] = [], normal: number[] = [], uv: number[] = [], color: number[] = [], index: number[] = [];
  buckets.forEach((bucket, material) => {
    const first = index.length;
    const base = position.length / 3;
    for (let q = 0; q < bucket.position.length / 12; q++) {
      const v = base + q * 4;
      index.push(v, v + 1, v + 2, v, v + 2, v + 3);
    }
    position.push(...bucket.position);
    normal.push(...bucket.normal);
    uv.push(...bucket.uv);
    color.push(...bucket.color);
    if (index.length > first) geometry.addGroup(first, index.length - first, material);
  });
  geometry.setIndex(index);
  geometry.setAttribute("position", new Float32BufferAttribute(position, 3));
  geometry.setAttribute("normal", new Float32BufferAttribute(normal, 3));
  geometry.setAttribute("uv", new Float32BufferAttribute(uv, 2));
  geometry.setAttribute("color", new Float32BufferAttribute(color, 3));
  geometry.computeBoundingSphere();
  return geometry;
}
