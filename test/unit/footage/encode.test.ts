import { describe, expect, test } from "bun:test";
import { captureOrder, loopEncodeArgs, loopFilter } from "../../../render/footage/encode.ts";

describe("footage loop encoding plan", () => {
  test("a periodic loop goes to ffmpeg in drawing order and is stored at the size it was drawn, in TV range", () => {
    const plan = { frames: 6, crossfadeFrames: 0, grain: 0, seed: 1 };
    expect(captureOrder(plan)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(loopFilter(plan)).toBe("[0:v]scale=out_range=tv,format=yuv420p[v]");
  });

  test("a cross-faded loop is stored rotated: the middle, then the tail blended into the head", () => {
    const plan = { frames: 8, crossfadeFrames: 3, grain: 0, seed: 1 };
    // Drawn 0..10; stored 3..7, then (8,0), (9,1), (10,2) blended: stored frame 7 (= drawn 10 over 2)
    // is followed by stored frame 0 (drawn 3), the successor of drawn 2.
    expect(captureOrder(plan)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 0, 1, 2]);
    const graph = loopFilter(plan);
    expect(graph).toContain("[m]trim=start_frame=0:end_frame=5");
    expect(graph).toContain("[t]trim=start_frame=5:end_frame=8");
    expect(graph).toContain("[h]trim=start_frame=8:end_frame=11");
    expect(graph).toContain("blend=all_expr='A+(B-A)*N/4'");
    expect(graph).toContain("[mid][mix]concat=n=2");
  });

  test("grain is seeded noise; the stored clip has fixed one-second GOPs and fast decoding", () => {
    const args = loopEncodeArgs({ frames: 600, crossfadeFrames: 0, grain: 6, seed: 7 }, "/out.mp4");
    expect(args[args.indexOf("-filter_complex") + 1]).toStartWith("[0:v]noise=alls=6:allf=t:all_seed=7,scale=");
    const joined = args.join(" ");
    for (const part of ["-f image2pipe -c:v mjpeg -framerate 30 -i pipe:0", "-frames:v 600", "-tune fastdecode", "-g 30 -keyint_min 30 -sc_threshold 0", "-r 30", "-an"]) {
      expect(joined).toContain(part);
    }
    expect(args.at(-1)).toBe("/out.mp4");
  });
});
