import { canvasTexture, type Paint2D } from "../shared/canvas-texture.ts";

/** Palettes and procedural textures of the subway-surfers footage: one palette per variant. */
export interface Palette {
  sky: Array<[number, string]>;
  fog: number;
  sun: number;
  sunIntensity: number;
  sunDir: [number, number, number];
  hemiSky: number;
  hemiGround: number;
  hemiIntensity: number;
  trains: number[];
  buildings: number[];
  gravel: string;
  wall: string;
  graffiti: string[];
}

export const PALETTES: Record<string, Palette> = {
  rails: {
    sky: [[0, "#3d8fe0"], [0.55, "#8cc8f5"], [1, "#d8effa"]],
    fog: 0xbfe2f6,
    sun: 0xfff4dc,
    sunIntensity: 2.6,
    sunDir: [-0.45, 1, 0.35],
    hemiSky: 0xcfe8ff,
    hemiGround: 0x8a7a62,
    hemiIntensity: 1.5,
    trains: [0xf2a93b, 0x3a86d9, 0xe8574a, 0x56b870, 0xf0d34a],
    buildings: [0xe8d4b0, 0xd98f6a, 0xa9c7d9, 0xe7b86a, 0xc9a9d9, 0x9fcf9f],
    gravel: "#8c7f70",
    wall: "#b9b4aa",
    graffiti: ["#ff3d7f", "#2ec4f0", "#ffd23f", "#7c4dff", "#3ddc84", "#ff8a3d"],
  },
  "subway-dash": {
    sky: [[0, "#2a1b5e"], [0.45, "#b8457a"], [0.8, "#ff9a4d"], [1, "#ffd27a"]],
    fog: 0xd9826e,
    sun: 0xffb36b,
    sunIntensity: 2.8,
    sunDir: [0.95, 0.6, -0.3],
    hemiSky: 0xb58ae0,
    hemiGround: 0x7a5040,
    hemiIntensity: 1.7,
    trains: [0x2bb3a8, 0xd64550, 0xe9e2d0, 0x4a6bd9, 0xf28b2e],
    buildings: [0x5b4a7a, 0x7a4a5e, 0x4a5f7a, 0x8a5a4a, 0x6a6a8a],
    gravel: "#7a6358",
    wall: "#9c8a86",
    graffiti: ["#00e5ff", "#ff4dd2", "#c6ff3d", "#ffb020", "#8f5bff", "#ff5252"],
  },
};


export function graffitiWall(p: Palette, rand: () => number) {
  return canvasTexture(2048, 256, (g, w, h) => {
    g.fillStyle = p.wall;
    g.fillRect(0, 0, w, h);
    // concrete panel joints and stains
    for (let x = 0; x < w; x += 128) {
      g.fillStyle = "rgba(0,0,0,0.18)";
      g.fillRect(x, 0, 3, h);
      g.fillStyle = `rgba(60,50,40,${0.05 + rand() * 0.1})`;
      g.fillRect(x + 3, h * (0.5 + rand() * 0.4), 125, h);
    }
    // flat colour blocks first, then pieces painted over them, as on a much-painted wall
    for (let x = 0; x < w; x += 90 + rand() * 200) {
      g.fillStyle = p.graffiti[Math.floor(rand() * p.graffiti.length)]!;
      g.globalAlpha = 0.55;
      g.fillRect(x, h * (0.25 + rand() * 0.3), 60 + rand() * 160, h);
      g.globalAlpha = 1;
    }
    let x = 10;
    while (x < w - 260) {
      const bw = 220 + rand() * 260, bh = 130 + rand() * 80, y = h - bh - 14 - rand() * 20;
      piece(g, x, y, bw, bh, p.graffiti, rand);
      x += bw + 20 + rand() * 90;
    }
    g.fillStyle = "rgba(0,0,0,0.25)";
    g.fillRect(0, 0, w, 10);
  });
}

/** A bubble-letter style piece: outlined rounded blobs, highlights, drips. Abstract shapes, no lettering. */
function piece(g: Paint2D, x: number, y: number, w: number, h: number, colors: string[], rand: () => number) {
  const pick = () => colors[Math.floor(rand() * colors.length)] ?? "#ff3d7f";
  const fill = pick(), second = pick();
  const n = 2 + Math.floor(rand() * 3), cw = w / n;
  const blob = (bx: number, by: number, bw: number, bh: number) => {
    g.beginPath();
    g.ellipse(bx + bw / 2, by + bh / 2, bw / 2, bh / 2, (rand() - 0.5) * 0.5, 0, Math.PI * 2);
    g.fill();
  };
  g.fillStyle = second;
  g.globalAlpha = 0.9;
  blob(x - 14, y - 10, w + 28, h + 20);
  g.globalAlpha = 1;
  for (let i = 0; i < n; i++) {
    const bx = x + i * cw, bh = h * (0.7 + rand() * 0.3);
    g.fillStyle = "#161616";
    blob(bx - 6, y + (h - bh) / 2 - 6, cw + 12, bh + 12);
    g.fillStyle = fill;
    blob(bx, y + (h - bh) / 2, cw, bh);
    g.fillStyle = "rgba(255,255,255,0.55)";
    blob(bx + cw * 0.2, y + (h - bh) / 2 + bh * 0.12, cw * 0.3, bh * 0.16);
    g.fillStyle = fill;
    g.fillRect(bx + cw * (0.2 + rand() * 0.6), y + h * 0.8, 5, 20 + rand() * 30);
  }
}

export function groundTexture(p: Palette, rand: () => number) {
  // 13 units across (three lanes and shoulders) by 4 units along: four sleepers per lane per tile
  return canvasTexture(416, 128, (g, w, h) => {
    g.fillStyle = p.gravel;
    g.fillRect(0, 0, w, h);
    for (let i = 0; i < 2600; i++) {
      const v = Math.floor(rand() * 70);
      g.fillStyle = `rgba(${v},${v},${v},0.35)`;
      g.fillRect(rand() * w, rand() * h, 2, 2);
    }
    const px = w / 13;
    for (let lane = 0; lane < 3; lane++) {
      const cx = (2 + lane * 3 + 1.5) * px;
      for (let s = 0; s < 4; s++) {
        g.fillStyle = "#5a3f2c";
        g.fillRect(cx - 1.25 * px, s * 32 + 10, 2.5 * px, 11);
        g.fillStyle = "#6e4e37";
        g.fillRect(cx - 1.25 * px, s * 32 + 10, 2.5 * px, 3);
      }
    }
  });
}

export function trainTextures() {
  const side = canvasTexture(512, 128, (g, w, h) => {
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, w, h);
    g.fillStyle = "#d8d8d8";
    g.fillRect(0, h * 0.72, w, h * 0.1);
    for (let i = 0; i < 5; i++) {
      const x = 20 + i * 100;
      if (i === 2) {
        g.fillStyle = "#9a9a9a";
        g.fillRect(x, h * 0.18, 60, h * 0.74);
        g.fillStyle = "#30404c";
        g.fillRect(x + 6, h * 0.24, 22, h * 0.34);
        g.fillRect(x + 32, h * 0.24, 22, h * 0.34);
      } else {
        g.fillStyle = "#2b3a46";
        g.fillRect(x, h * 0.22, 70, h * 0.34);
        g.fillStyle = "rgba(255,255,255,0.25)";
        g.fillRect(x + 6, h * 0.25, 20, h * 0.1);
      }
    }
    g.fillStyle = "#333";
    g.fillRect(0, h * 0.92, w, h * 0.08);
  });
  const front = canvasTexture(128, 160, (g, w, h) => {
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, w, h);
    g.fillStyle = "#26333d";
    g.fillRect(w * 0.1, h * 0.12, w * 0.8, h * 0.34);
    g.fillStyle = "rgba(255,255,255,0.3)";
    g.fillRect(w * 0.14, h * 0.15, w * 0.25, h * 0.1);
    g.fillStyle = "#fff7b0";
    g.beginPath();
    g.arc(w * 0.22, h * 0.66, 9, 0, Math.PI * 2);
    g.arc(w * 0.78, h * 0.66, 9, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#d0d0d0";
    g.fillRect(w * 0.35, h * 0.56, w * 0.3, h * 0.2);
    g.fillStyle = "#333";
    g.fillRect(0, h * 0.9, w, h * 0.1);
  });
  const roof = canvasTexture(16, 16, (g) => {
    g.fillStyle = "#b0b0b0";
    g.fillRect(0, 0, 16, 16);
  });
  return { side, front, roof };
}

export function windowsTexture(floors: number) {
  return canvasTexture(128, 32 * floors, (g, w, h) => {
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, w, h);
    for (let f = 0; f < floors; f++) {
      for (let c = 0; c < 4; c++) {
        g.fillStyle = (f * 7 + c * 3) % 5 === 0 ? "#f5e6a8" : "#4d6172";
        g.fillRect(10 + c * 30, f * 32 + 8, 18, 16);
      }
    }
  });
}

