import type { BackgroundCategory } from "./background-categories.ts";
import { FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";

/**
 * Procedural background loops that evoke each category without anyone's footage. Each is drawn at low
 * resolution by `geq` (cheap), scaled to 1080x1920, and stored pre-encoded for cheap decoding. Every
 * moving term is periodic in the clip length, so the loop has no seam.
 */
export const LOOP_SECONDS = 8;
const W = 108;
const H = 192;
const P = LOOP_SECONDS;

/** Pseudo-random 0..1 per cell, repeating every `rows` rows so scrolling patterns loop. */
const hash = (i: string, j: string, seed: number, rows = 64) => `mod(abs(sin((${i})*12.9898+mod(${j},${rows})*78.233+${seed}))*43758.5453,1)`;
/** Time within the loop, and a phase 0..2pi over it. */
const phase = `(2*PI*mod(T,${P})/${P})`;
/** Row offset that scrolls `rows` cells of `cell` px per loop. */
const scroll = (cell: number, rows: number) => `(${(cell * rows) / P}*mod(T,${P}))`;

export interface BackgroundRecipe {
  category: BackgroundCategory;
  name: string;
  /** geq expressions for r, g, b at W x H. */
  r: string;
  g: string;
  b: string;
  /** Scaling filter: blocky categories keep hard pixels. */
  flags: "neighbor" | "bicubic";
}

function minecraft(seed: number, name: string): BackgroundRecipe {
  const c = 6;
  const row = `floor((Y+${scroll(c, 32)})/${c})`;
  const col = `floor(X/${c})`;
  const n = hash(col, row, seed, 32);
  const sky = `lt(Y,38)`;
  const dirt = `lt(${n},0.18)`;
  const stone = `gt(${n},0.93)`;
  return {
    category: "Minecraft",
    name,
    r: `if(${sky},120,if(${stone},128,if(${dirt},134,60+50*${n})))`,
    g: `if(${sky},170,if(${stone},128,if(${dirt},96,140+70*${n})))`,
    b: `if(${sky},255,if(${stone},128,if(${dirt},60,40+20*${n})))`,
    flags: "neighbor",
  };
}

function subwaySurfers(seed: number, name: string): BackgroundRecipe {
  const lane = `mod(X,36)`;
  const rail = `lt(abs(${lane}-10),1.5)+lt(abs(${lane}-26),1.5)`;
  const tie = `lt(mod(Y+${scroll(12, 16)},12),3)`;
  const trainBlock = `floor((Y+${scroll(48, 4)})/48)`;
  const train = `gt(${hash(`floor(X/36)`, trainBlock, seed, 4)},0.72)`;
  const trainColor = (base: number) => `${base}*(0.7+0.3*${hash(`floor(X/36)`, trainBlock, seed + 3, 4)})`;
  const edge = `lt(${lane},2)+gt(${lane},33)`;
  return {
    category: "Subway Surfers",
    name,
    r: `if(${train}*between(${lane},4,32),${trainColor(230)},if(${rail},200,if(${tie},120,if(${edge},70,170))))`,
    g: `if(${train}*between(${lane},4,32),${trainColor(60 + (seed % 3) * 60)},if(${rail},200,if(${tie},80,if(${edge},60,110))))`,
    b: `if(${train}*between(${lane},4,32),${trainColor(80)},if(${rail},210,if(${tie},40,if(${edge},60,70))))`,
    flags: "bicubic",
  };
}

function marioKart(seed: number, name: string): BackgroundRecipe {
  const road = `lt(abs(X-54),34+Y/12)`;
  const stripe = `(Y/6+${phase}*4+${seed})`;
  const border = `lt(abs(abs(X-54)-(34+Y/12)),3)`;
  const checker = `mod(floor(Y/6+mod(T,${P})*${48 / P})+floor(X/4),2)`;
  const star = `gt(${hash("floor(X/3)", "floor(Y/3)", seed, 64)},0.985)`;
  return {
    category: "Mario Kart",
    name,
    r: `if(${border},255*${checker},if(${road},128+127*sin(${stripe}),if(${star},255,10)))`,
    g: `if(${border},255*${checker},if(${road},128+127*sin(${stripe}+2.09),if(${star},255,10)))`,
    b: `if(${border},255*${checker},if(${road},128+127*sin(${stripe}+4.19),if(${star},255,40)))`,
    flags: "bicubic",
  };
}

function gtaV(seed: number, name: string): BackgroundRecipe {
  const building = `floor(X/18)`;
  const top = `(60+60*${hash(building, "1", seed)})`;
  const inBuilding = `gt(Y,${top})`;
  const window = `lt(mod(X,6),3)*lt(mod(Y+${scroll(8, 24)},8),4)`;
  const lit = `gt(${hash("floor(X/6)", `floor((Y+${scroll(8, 24)})/8)`, seed + 1, 24)},0.55)`;
  const streak = `lt(abs(mod(Y-${(H * 2) / P}*mod(T,${P}),${H})-150),2)*gt(X,10)`;
  const flicker = `(0.85+0.15*sin(${phase}*4+X))`;
  return {
    category: "GTA V",
    name,
    r: `if(${streak},255,if(${inBuilding},if(${window}*${lit},250*${flicker},25),20+Y/8))`,
    g: `if(${streak},120,if(${inBuilding},if(${window}*${lit},200*${flicker},25),10+Y/12))`,
    b: `if(${streak},60,if(${inBuilding},if(${window}*${lit},110*${flicker},40),60+Y/3))`,
    flags: "bicubic",
  };
}

function satisfying(seed: number, name: string): BackgroundRecipe {
  const a = `(X/${W}*6.283)`;
  const b = `(Y/${H}*6.283)`;
  const v = `(sin(${a}*2+${phase}+${seed})+sin(${b}*3-${phase}*2)+sin((${a}+${b})*1.5+${phase}))`;
  return {
    category: "Satisfying",
    name,
    r: `128+120*sin(${v}*1.3)`,
    g: `128+120*sin(${v}*1.3+2.1)`,
    b: `128+120*sin(${v}*1.3+4.2)`,
    flags: "bicubic",
  };
}

function backrooms(seed: number, name: string): BackgroundRecipe {
  const drift = `(${(10 * 4) / P}*mod(T,${P}))`;
  const wall = `(0.92+0.08*lt(mod(X+${drift},10),2))`;
  const seam = `lt(mod(Y+${drift},64),2)`;
  const light = `(0.9+0.1*sin(${phase}*8+${seed})*sin(${phase}*3))`;
  const vignette = `(1-0.35*((X-54)*(X-54)/2916+(Y-96)*(Y-96)/9216))`;
  return {
    category: "Backrooms",
    name,
    r: `if(${seam},150,215*${wall})*${light}*${vignette}`,
    g: `if(${seam},140,200*${wall})*${light}*${vignette}`,
    b: `if(${seam},80,120*${wall})*${light}*${vignette}`,
    flags: "bicubic",
  };
}

function roblox(seed: number, name: string): BackgroundRecipe {
  const c = 12;
  const col = `floor((X+${scroll(c, 9)})/${c})`;
  const row = `floor((Y+${scroll(c, 16)})/${c})`;
  const pick = `floor(4*${hash(`mod(${col},9)`, row, seed, 16)})`;
  const stud = `lt(hypot(mod(X+${scroll(c, 9)},${c})-6,mod(Y+${scroll(c, 16)},${c})-6),3)`;
  const shade = `(1-0.18*${stud})`;
  const channel = (vals: number[]) => `${shade}*if(eq(${pick},0),${vals[0]},if(eq(${pick},1),${vals[1]},if(eq(${pick},2),${vals[2]},${vals[3]})))`;
  return {
    category: "Roblox",
    name,
    r: channel([226, 13, 75, 245]),
    g: channel([35, 105, 151, 205]),
    b: channel([26, 172, 75, 48]),
    flags: "neighbor",
  };
}

export const BACKGROUND_RECIPES: BackgroundRecipe[] = [
  minecraft(1.1, "grass-run"),
  minecraft(7.7, "plains-run"),
  subwaySurfers(2, "rails"),
  subwaySurfers(4, "subway-dash"),
  marioKart(0.5, "rainbow-road"),
  marioKart(2.5, "star-circuit"),
  gtaV(1.3, "night-drive"),
  gtaV(5.9, "downtown"),
  satisfying(0, "color-waves"),
  satisfying(3.1, "liquid-swirl"),
  backrooms(0.7, "yellow-halls"),
  backrooms(2.2, "flicker"),
  roblox(0.9, "studs"),
  roblox(4.4, "block-party"),
];

/**
 * ffmpeg arguments that draw one loop. Stored with short GOPs and `-tune fastdecode` (no CABAC, no
 * deblocking): decoding the background is as costly as an ultrafast encode, so cheap decoding matters.
 */
export function backgroundArgs(recipe: BackgroundRecipe, outPath: string): string[] {
  return [
    "-f", "lavfi",
    "-i", `color=c=black:s=${W}x${H}:r=${FPS}:d=${LOOP_SECONDS}`,
    "-vf", `geq=r='${recipe.r}':g='${recipe.g}':b='${recipe.b}',scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:flags=${recipe.flags},format=yuv420p`,
    "-c:v", "libx264", "-preset", "veryfast", "-tune", "fastdecode", "-crf", "21", "-g", String(FPS), "-an",
    "-movflags", "+faststart",
    outPath,
  ];
}

export function thumbnailArgs(videoPath: string, outPath: string): string[] {
  return ["-ss", "1", "-i", videoPath, "-frames:v", "1", "-vf", "scale=270:480", "-q:v", "4", outPath];
}

/** Music loops in distinct moods, made from tones (no samples): pad chords over a soft pulse. */
export interface MusicRecipe {
  mood: string;
  name: string;
  expr: string;
}

const chord = (notes: number[], beat: number, bpm: number) =>
  notes.map((f) => `0.12*sin(2*PI*${f}*t)*(0.6+0.4*sin(2*PI*${bpm / 60 / beat}*t))`).join("+");

export const MUSIC_RECIPES: MusicRecipe[] = [
  { mood: "chill", name: "lofi-pad", expr: `${chord([220, 277.18, 329.63], 4, 80)}+0.05*sin(2*PI*55*t)*lt(mod(t,0.75),0.2)` },
  { mood: "upbeat", name: "bright-pulse", expr: `${chord([261.63, 329.63, 392], 1, 120)}+0.08*sin(2*PI*65.4*t)*lt(mod(t,0.5),0.1)` },
  { mood: "suspense", name: "low-drone", expr: `${chord([110, 130.81, 155.56], 8, 60)}+0.04*sin(2*PI*41.2*t)` },
];

export const MUSIC_SECONDS = 24;

/** Changes whenever a recipe does, so the media cache folder is regenerated rather than reused. */
export function recipesVersion(): string {
  const text = JSON.stringify([BACKGROUND_RECIPES, MUSIC_RECIPES, MUSIC_SECONDS, LOOP_SECONDS, backgroundArgs(BACKGROUND_RECIPES[0]!, "x")]);
  return new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 10);
}

export function musicArgs(recipe: MusicRecipe, outPath: string): string[] {
  return [
    "-f", "lavfi", "-i", `aevalsrc='${recipe.expr}|${recipe.expr}':s=48000:d=${MUSIC_SECONDS}`,
    "-af", "afade=t=in:d=0.05,afade=t=out:st=" + (MUSIC_SECONDS - 0.05) + ":d=0.05,loudnorm=I=-18:TP=-2",
    "-c:a", "libmp3lame", "-b:a", "160k", outPath,
  ];
}
