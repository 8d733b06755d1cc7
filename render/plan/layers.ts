import { FPS, type ImageLayer, type LayerMotion } from "../timeline.ts";

/** The PNG layers' part of a render: their inputs and the filters that lay them over the video. Pure. */

const ENTRANCE_SECONDS = 0.25;

const n = (x: number) => (Math.round(x * 1000) / 1000).toString();

function overlayPosition(layer: ImageLayer): { x: string; y: string; extra: string } {
  const since = `(t-${n(layer.start)})`;
  const progress = `min(1,max(0,${since}/${ENTRANCE_SECONDS}))`;
  switch (layer.entrance ?? "none") {
    case "slide-up":
      return { x: n(layer.x), y: `${n(layer.y)}+(1-${progress})*140`, extra: ":eval=frame" };
    case "pop":
      return { x: n(layer.x), y: `${n(layer.y)}+(1-${progress})*36`, extra: ":eval=frame" };
    default:
      return { x: n(layer.x), y: n(layer.y), extra: "" };
  }
}

/**
 * The crop that shows the moving window of a layer with motion. crop evaluates x and y on every frame, and
 * `t` is the frame's time in the video (the input is shifted to the layer's start). A frame's index gets a
 * millisecond's slack so that t = start + k/fps, which is not exact in floating point, lands on frame k.
 */
export function motionCrop(motion: LayerMotion, start: number): string {
  const since = `(t-${n(start)})`;
  if (motion.kind === "frames") {
    const step = `floor(${since}*${n(motion.fps)}+0.001)`;
    const frame = motion.loop ? `mod(${step},${motion.count})` : `min(${motion.count - 1},${step})`;
    return `crop=w=iw:h=ih/${motion.count}:x=0:y='oh*max(0,${frame})':exact=1`;
  }
  return `crop=w=iw-${n(motion.dx)}:h=ih:x='${n(motion.dx)}*min(1,max(0,${since}/${n(motion.seconds)}))':y=0:exact=1`;
}

/**
 * Each layer is its own input, one decoded picture shifted to its start, repeated for its window by
 * `loop` (an input looped with `-loop 1` decodes the PNG again on every frame: a full-width chat card
 * shown throughout cost more than the rest of the composition) and laid over `base` in order. A still
 * layer is converted once to the overlay's own format (yuva420p) before it is repeated, instead of on
 * every frame by the overlay; a moving layer is cropped from its RGBA strip on every frame first.
 * Returns the inputs, the filters and the label of the video with every layer.
 */
export function planLayers(layers: readonly ImageLayer[], duration: number, firstInput: number, base: string): { inputs: string[]; filters: string[]; label: string } {
  const inputs: string[] = [];
  const filters: string[] = [];
  let video = base;
  layers.forEach((layer, i) => {
    const index = firstInput + i;
    const frames = Math.max(1, Math.round((Math.min(layer.end, duration) - layer.start) * FPS));
    // -itsoffset shifts the input at the demuxer, so the one picture carries the layer's start time and
    // the overlay passes the video through until then.
    inputs.push("-itsoffset", n(layer.start), "-framerate", String(FPS), "-i", layer.path);
    const repeat = `loop=loop=${frames - 1}:size=1,setpts=STARTPTS+N/(${FPS}*TB)`;
    const shape = layer.motion ? `format=rgba,${repeat},${motionCrop(layer.motion, layer.start)}` : `format=yuva420p,${repeat}`;
    const fade = layer.entrance && layer.entrance !== "none" ? `,fade=in:st=${n(layer.start)}:d=${ENTRANCE_SECONDS}:alpha=1` : "";
    filters.push(`[${index}:v]${shape}${fade}[l${i}]`);
    const { x, y, extra } = overlayPosition(layer);
    filters.push(`[${video}][l${i}]overlay=x='${x}':y='${y}':eof_action=pass:repeatlast=0${extra}[v${i}]`);
    video = `v${i}`;
  });
  return { inputs, filters, label: video };
}
