import type { AudioTrack, Timeline } from "../timeline.ts";
import { duckFilter } from "./ducking.ts";
import { oversampledLimiter, parseMeasure, RENDER_CEILING_DB } from "./true-peak.ts";

/** Loudness of the finished video: what the platforms normalize to. */
export const TARGET_LUFS = -14;

const n = (x: number) => (Math.round(x * 1000) / 1000).toString();

/**
 * What narration stems are brought to (every provider's audio is, in src/narration): music tracks are
 * measured and brought here too before their volume applies, so volume 1 is a bed as loud as the voice.
 */
export const VOICE_LUFS = -16;

/**
 * For a Timeline without speech windows: music ducks under speech by ~11 dB and holds there through the pauses between words and sentences: the
 * detector lets go with a 1.5 s time constant (ffmpeg's attack and release are four times the time
 * constants of its level detector, so release=6000 is 1.5 s; the former release=350, 87 ms, let the bed
 * swell by 9 dB in every pause), and grabs within 20 ms so the first syllable lands over a ducked bed.
 */
export const DUCKING = "sidechaincompress=threshold=0.02:ratio=4:attack=80:release=6000:knee=4:makeup=1";

export interface AudioMix {
  /** ffmpeg input arguments, in order, starting at input index `firstInput`. */
  inputs: string[];
  filters: string[];
  /** The label of the mixed stereo audio, `duration` seconds long. */
  label: string;
}

/**
 * The Timeline's tracks mixed: narration at its offsets, music looped and ducked under speech (by the
 * planned envelope of the Timeline's speech windows, or without them by a compressor keyed by the
 * narration), sound effects on top (they neither duck the music nor get ducked); padded or cut to the
 * video's length.
 */
export function planAudioMix(timeline: Timeline, firstInput: number): AudioMix {
  const D = n(timeline.duration);
  const inputs: string[] = [];
  const filters: string[] = [];
  let index = firstInput;
  const narration: string[] = [];
  const music: string[] = [];
  const effects: string[] = [];
  timeline.audio.forEach((track, i) => {
    if (track.loop) inputs.push("-stream_loop", "-1");
    inputs.push("-i", track.path);
    const delay = Math.round(track.start * 1000);
    const label = `a${i}`;
    // A part of the file (a narration split around a beat): cut, then timed from its own start.
    const part = track.from || track.length ? `atrim=start=${n(track.from ?? 0)}${track.length ? `:duration=${n(track.length)}` : ""},asetpts=PTS-STARTPTS,` : "";
    filters.push(
      `[${index}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,${part}atrim=duration=${n(timeline.duration - track.start)},adelay=${delay}|${delay},volume=${n(track.volume)}[${label}]`,
    );
    (track.kind === "music" ? music : track.kind === "sfx" ? effects : narration).push(label);
    index++;
  });

  const mix = (labels: string[], out: string) =>
    labels.length === 1 ? `[${labels[0]}]anull[${out}]` : `${labels.map((l) => `[${l}]`).join("")}amix=inputs=${labels.length}:normalize=0:duration=longest[${out}]`;
  const beds: string[] = [];
  if (music.length > 0 && timeline.speech) {
    filters.push(mix(music, "music"), `[music]${duckFilter(timeline.speech)}[ducked]`);
    beds.push(...narration, "ducked");
  } else if (narration.length > 0 && music.length > 0) {
    filters.push(mix(narration, "speech"), mix(music, "music"));
    // The key is padded with silence: sidechaincompress ends with its shorter input, which cut the music
    // off at the last word (an end card after the last line played in silence).
    filters.push("[speech]asplit=2[speechmix][key]", "[key]apad[speechkey]");
    filters.push(`[music][speechkey]${DUCKING}[ducked]`);
    beds.push("speechmix", "ducked");
  } else beds.push(...narration, ...music);
  beds.push(...effects);
  if (beds.length === 0) {
    inputs.push("-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo");
    beds.push("silence");
    filters.push(`[${index}:a]anull[silence]`);
  }
  filters.push(`${beds.length === 1 ? `[${beds[0]}]anull` : `${beds.map((l) => `[${l}]`).join("")}amix=inputs=${beds.length}:normalize=0:duration=longest`},apad,atrim=duration=${D}[mixed]`);
  return { inputs, filters, label: "mixed" };
}

/**
 * The first of two passes: the mix measured, audio only (a second or two per minute of video). The
 * render then applies one gain, not loudnorm's dynamic mode, which on a clip of a few seconds never
 * settles and landed short chats ~2 LU loud.
 */
export function measureMixArgs(timeline: Timeline): string[] {
  const mix = planAudioMix(timeline, 0);
  // -t ends the run: a looped input (-stream_loop -1) can be read for ever once its chain has ended
  // (seen with MP3 music), and only an output limit stops ffmpeg.
  return [...mix.inputs, "-filter_complex", [...mix.filters, `[${mix.label}]ebur128=peak=true[measured]`].join(";"), "-map", "[measured]", "-t", n(timeline.duration), "-f", "null", "-"];
}

/** Measures one music track as the mix plays it (looped to the video's length), at volume 1. */
export function measureMusicArgs(track: AudioTrack, duration: number): string[] {
  return [...(track.loop ? ["-stream_loop", "-1"] : []), "-i", track.path, "-map", "0:a:0", "-af", "ebur128", "-t", n(Math.max(0.5, duration - track.start)), "-f", "null", "-"];
}

/** The measured integrated loudness of a music track, from measureMusicArgs' output. */
export function parseMusicLoudness(stderr: string): number | undefined {
  return parseMeasure(stderr).integrated;
}

/**
 * Pure: the Timeline with each music track's volume carried over its measured loudness (by track index),
 * so the mix plays it at the narration's loudness times its volume. Silence, or a track not measured,
 * keeps its volume; the correction is held within ±30 dB.
 */
export function withMusicLevels(timeline: Timeline, loudness: ReadonlyMap<number, number | undefined>): Timeline {
  const audio = timeline.audio.map((track, i) => {
    const measured = loudness.get(i);
    if (track.kind !== "music" || measured === undefined || !Number.isFinite(measured) || measured <= -60) return track;
    const db = Math.max(-30, Math.min(30, VOICE_LUFS - measured));
    return { ...track, volume: Math.round(track.volume * 10 ** (db / 20) * 10000) / 10000 };
  });
  return { ...timeline, audio };
}

/** The gain that brings the measured mix to the target (none for silence), within ±30 dB. */
export function loudnessGain(integratedLufs: number | undefined): number {
  if (integratedLufs === undefined || !Number.isFinite(integratedLufs) || integratedLufs <= -60) return 0;
  return Math.max(-30, Math.min(30, TARGET_LUFS - integratedLufs));
}

/** How every render encodes its audio (the whole render's own, and the segmented render's one audio run). */
export const AUDIO_ENCODE_ARGS = ["-c:a", "aac", "-b:a", "160k", "-ar", "48000", "-ac", "2"] as const;

/** The gain, then the oversampled limiter that holds the ceiling; the encoder's overshoot is checked on the file. */
export function masterFilter(gainDb: number): string {
  return `volume=${gainDb.toFixed(2)}dB,${oversampledLimiter(RENDER_CEILING_DB)},aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo`;
}
