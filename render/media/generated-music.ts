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

export function musicArgs(recipe: MusicRecipe, outPath: string): string[] {
  return [
    "-f", "lavfi", "-i", `aevalsrc='${recipe.expr}|${recipe.expr}':s=48000:d=${MUSIC_SECONDS}`,
    "-af", "afade=t=in:d=0.05,afade=t=out:st=" + (MUSIC_SECONDS - 0.05) + ":d=0.05,loudnorm=I=-18:TP=-2",
    "-c:a", "libmp3lame", "-b:a", "160k", outPath,
  ];
}
