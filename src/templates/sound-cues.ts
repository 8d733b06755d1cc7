import type { SoundEffect } from "../../render/media/sound-effects.ts";
import type { AudioTrack } from "../../render/timeline.ts";
import type { MediaLibrary } from "../media/library.ts";

/**
 * Sound effects placed by templates, as Timeline tracks. Levels are set here once, against narration
 * stems at -16 LUFS: an effect is heard clearly between lines and sits under a voice it overlaps. A
 * countdown's ticks play over the music bed at its full level (it is up between lines, 9 dB under the
 * voice): at 0.5 the upbeat loops' claps hid them (1-7 dB over the bed); at 1.5 they stand 10-22 dB over.
 */
const LEVELS: Record<SoundEffect, number> = {
  send: 0.55,
  receive: 0.55,
  typing: 0.9,
  whoosh: 0.9,
  tick: 1.5,
  chime: 0.6,
  pop: 0.55,
};

/** Where each effect is heard; resolved to files when the Timeline is composed. */
export interface SoundCue {
  effect: SoundEffect;
  at: number;
}

/**
 * The cues as audio tracks. An effect the library does not have yet (set-up makes them before the
 * service starts; an operator may remove one) is left out rather than failing the video.
 */
export function soundCueTracks(library: Pick<MediaLibrary, "soundEffect">, cues: readonly SoundCue[], duration: number): AudioTrack[] {
  return cues.flatMap(({ effect, at }) => {
    const path = library.soundEffect(effect);
    return path && at >= 0 && at < duration ? [{ path, start: Math.round(at * 1000) / 1000, volume: LEVELS[effect], kind: "sfx" as const }] : [];
  });
}
