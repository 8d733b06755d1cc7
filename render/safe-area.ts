import { VIDEO_WIDTH } from "./timeline.ts";

/**
 * The part of a 1080x1920 frame that TikTok, Instagram Reels and YouTube Shorts leave uncovered, in pixels
 * of the output frame. Whatever a viewer must read or see (chat bubbles, card text, a timer) is drawn
 * inside it; backgrounds and card edges may run under the platforms' UI.
 * - top 220: the status bar and the feed tabs ("Following | For You", Reels' title and camera).
 * - right 150 (x < 930): the column of buttons (profile, like, comment, save, share) down the right side.
 * - bottom 420 (y < 1500): the account name, the description, the sound ticker and the navigation bar.
 * - left 60: the edge of curved and notched screens; the description's text starts there.
 * Union of the three apps' published safe zones for organic 9:16 posts, rounded out.
 */
export const SAFE_AREA = { left: 60, top: 220, right: 930, bottom: 1500 } as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether a box (in frame pixels, fractions allowed) lies inside the safe area, to a hundredth of a pixel. */
export function insideSafeArea(box: Box): boolean {
  const e = 0.01;
  return box.x >= SAFE_AREA.left - e && box.y >= SAFE_AREA.top - e && box.x + box.width <= SAFE_AREA.right + e && box.y + box.height <= SAFE_AREA.bottom + e;
}

/**
 * Where a card `width` wide goes across the frame: centred on the safe area (its middle is 45 px left of the
 * frame's, away from the buttons), moved as little as needed to stay inside the frame.
 */
export function safeCardX(width: number): number {
  const centred = Math.round((SAFE_AREA.left + SAFE_AREA.right - width) / 2);
  return Math.max(0, Math.min(VIDEO_WIDTH - width, centred));
}

export const SAFE_WIDTH = SAFE_AREA.right - SAFE_AREA.left;
