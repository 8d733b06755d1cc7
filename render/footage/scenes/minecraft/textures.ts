import { DataTexture, LinearMipmapLinearFilter, NearestFilter, RepeatWrapping, RGBAFormat, SRGBColorSpace } from "three";

/**
 * 16x16 pixel-art block textures drawn pixel by pixel from a seed: noise in a narrow palette is what makes
 * a voxel game's blocks read as grass, dirt or stone. Magnified with NearestFilter (hard pixels); minified
 * through mipmaps so distant terrain does not shimmer (shimmer also costs bits in the stored clip).
 */
export const BLOCK_TILES = ["grassTop", "grassSide", "dirt", "stone", "cobble", "logSide", "logTop", "planks", "leaves", "sand", "gold", "cloud"] as const;
export type Tile = (typeof BLOCK_TILES)[number];

type Rgb = [number, number, number];
const N = 16;

function shade([r, g, b]: Rgb, f: number): Rgb {
  return [Math.min(255, r * f), Math.min(255, g * f), Math.min(255, b * f)];
}

export function blockTextures(random: () => number, grassTint: Rgb): Record<Tile, DataTexture> {
  const noise = () => 0.82 + random() * 0.3;
  const draw = (pixel: (x: number, y: number) => Rgb): DataTexture => {
    const data = new Uint8Array(N * N * 4);
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const [r, g, b] = pixel(x, y);
        // DataTexture rows run bottom-up; draw top-down like an image.
        const i = ((N - 1 - y) * N + x) * 4;
        data[i] = r;
        data[i + 1] = g;
        data[i + 2] = b;
        data[i + 3] = 255;
      }
    }
    const texture = new DataTexture(data, N, N, RGBAFormat);
    texture.colorSpace = SRGBColorSpace;
    texture.magFilter = NearestFilter;
    texture.minFilter = LinearMipmapLinearFilter;
    texture.generateMipmaps = true;
    texture.wrapS = texture.wrapT = RepeatWrapping;
    texture.needsUpdate = true;
    return texture;
  };
  const dirt: Rgb = [134, 96, 67];
  const stone: Rgb = [125, 125, 125];
  const grassEdge = Array.from({ length: N }, () => 3 + Math.floor(random() * 3));
  const cobbleCell = Array.from({ length: N * N }, () => random());
  const leafHole = Array.from({ length: N * N }, () => random());
  return {
    grassTop: draw(() => shade(grassTint, noise())),
    grassSide: draw((x, y) => (y < grassEdge[x]! ? shade(grassTint, noise()) : shade(dirt, noise()))),
    dirt: draw(() => shade(dirt, random() < 0.12 ? 0.7 : noise())),
    stone: draw(() => shade(stone, random() < 0.1 ? 0.75 : noise())),
    cobble: draw((x, y) => {
      const seam = x % 5 === 0 || (y + (Math.floor(x / 5) % 2) * 2) % 4 === 0;
      return shade(stone, seam ? 0.55 : 0.85 + cobbleCell[y * N + x]! * 0.3);
    }),
    logSide: draw((x) => shade([104, 83, 50], (x % 4 === 0 ? 0.72 : 1) * noise())),
    logTop: draw((x, y) => {
      const ring = Math.floor(Math.hypot(x - 7.5, y - 7.5));
      return ring >= 7 ? shade([104, 83, 50], noise()) : shade([176, 143, 88], (ring % 2 ? 0.85 : 1) * (0.95 + random() * 0.1));
    }),
    planks: draw((x, y) => shade([162, 130, 78], (y % 4 === 3 || (x === ((y >> 2) * 7) % 16 && y % 4 !== 3) ? 0.62 : 1) * (0.92 + random() * 0.14))),
    leaves: draw((x, y) => shade(shade(grassTint, 0.72), leafHole[y * N + x]! < 0.18 ? 0.45 : noise())),
    sand: draw(() => shade([219, 207, 163], 0.93 + random() * 0.12)),
    gold: draw((x, y) => shade([250, 210, 60], x === 0 || y === 0 ? 1.15 : x === 15 || y === 15 ? 0.7 : 0.9 + random() * 0.15)),
    cloud: draw(() => [255, 255, 255]),
  };
}
