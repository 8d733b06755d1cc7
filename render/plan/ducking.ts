/**
 * The music bed's level as a planned envelope, from the Timeline's own speech windows, instead of a
 * compressor keyed by the voice. Why planned: the Timeline already knows to the millisecond when the voice
 * speaks, so the bed can start going down before the first syllable (a compressor only reacts to it), come
 * up in the pauses between phrases and stay put inside them (a compressor's release either pumps in every
 * pause between words or never lets go), and the result depends on the times alone: the same Timeline
 * always gives the same mix, and the plan is checked by unit tests without running ffmpeg.
 */

export interface SpeechWindow {
  start: number;
  end: number;
}

/**
 * How far the bed goes down while the voice speaks. With music tracks brought to the voice's loudness and
 * a bed 9 dB under the voice between phrases (the default music volume), this puts it 17 dB under the voice
 * while it speaks: in the 15-20 dB creators mix to.
 */
export const DUCK_DB = 8;
/** The bed is already down when the phrase starts: it starts going down this long before. */
export const DUCK_LEAD = 0.15;
/** After a phrase the bed waits this long (a breath), then comes up over RISE_SECONDS. */
export const RISE_DELAY = 0.1;
export const RISE_SECONDS = 0.35;
/**
 * A pause shorter than this between words is inside a phrase: the bed stays down through it. Longer than
 * the lead, delay and rise together, so a pause the bed comes up in has it fully up, and no swell is cut
 * short (that pumps).
 */
export const PHRASE_GAP = 0.7;

/** Words (or clips) merged into phrases: runs whose pauses are shorter than `gap`. Sorted, non-empty windows. */
export function speechPhrases(windows: readonly SpeechWindow[], gap = PHRASE_GAP): SpeechWindow[] {
  const sorted = windows.filter((w) => w.end > w.start && Number.isFinite(w.start) && Number.isFinite(w.end)).sort((a, b) => a.start - b.start);
  const phrases: SpeechWindow[] = [];
  for (const w of sorted) {
    const last = phrases.at(-1);
    if (last && w.start - last.end < gap) last.end = Math.max(last.end, w.end);
    else phrases.push({ start: w.start, end: w.end });
  }
  return phrases;
}

/** How far down (0: the bed at its level, 1: DUCK_DB under it) the bed is at `t`, for one phrase. */
function phraseDepth(p: SpeechWindow, t: number): number {
  const down = (t - (p.start - DUCK_LEAD)) / DUCK_LEAD;
  const up = (p.end + RISE_DELAY + RISE_SECONDS - t) / RISE_SECONDS;
  return Math.max(0, Math.min(1, down, up));
}

/** Pure: the bed's gain in dB at `t` (0 between phrases, -DUCK_DB under them, ramps in between). */
export function duckGainDb(speech: readonly SpeechWindow[], t: number): number {
  const phrases = speechPhrases(speech);
  const depth = Math.max(0, ...phrases.map((p) => phraseDepth(p, t)));
  return depth > 0 ? -DUCK_DB * depth : 0;
}

const n = (x: number) => (Math.round(x * 1000) / 1000).toString();

/**
 * The envelope as an ffmpeg `volume` expression of `t`. Phrases are at least PHRASE_GAP apart, more than
 * a phrase's ramps take, so each phrase's term is zero where another's is not and their sum is the depth.
 * Quoted where it is used: its commas are then not a filtergraph's.
 */
export function duckExpression(speech: readonly SpeechWindow[]): string {
  const phrases = speechPhrases(speech);
  if (phrases.length === 0) return "1";
  const terms = phrases.map((p) => `clip(min((t-${n(p.start - DUCK_LEAD)})/${n(DUCK_LEAD)},(${n(p.end + RISE_DELAY + RISE_SECONDS)}-t)/${n(RISE_SECONDS)}),0,1)`);
  return `pow(10,-${n(DUCK_DB / 20)}*(${terms.join("+")}))`;
}

/**
 * The bed's filter: short audio frames (5 ms at 48 kHz), since `volume` evaluates its expression once a
 * frame and ffmpeg's default frames (~21 ms) would step a 150 ms ramp audibly.
 */
export function duckFilter(speech: readonly SpeechWindow[]): string {
  return `asetnsamples=n=240:p=0,volume='${duckExpression(speech)}':eval=frame`;
}
