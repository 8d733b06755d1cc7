import { escapeXml, lineAnchor, textWidth, wrapToWidth } from "../svg-text.ts";
import { SAFE_AREA } from "../../../render/safe-area.ts";
import { hasEmoji, svgTextLine } from "../svg-emoji.ts";
import type { ChatStyle, Platform } from "./chat-styles.ts";
import type { ChatRow, Sender } from "./conversation.ts";

/** A picture embedded in a chat frame: a data: URI (or file path) and its size in pixels. */
export interface ChatImage {
  href: string;
  width: number;
  height: number;
}

export interface ChatScreen {
  platform: Platform;
  style: ChatStyle;
  /** Card width in pixels; every size follows from it. */
  width: number;
  /** Where the card's left edge sits in the video frame: bubbles keep inside the platforms' safe area. */
  x: number;
  /** The card never grows past this; `full` cards always have it. */
  maxHeight: number;
  cardHeight: "fit" | "full";
  contactName: string;
  avatar?: ChatImage;
  images: Record<string, ChatImage>;
}

interface Metrics {
  font: number;
  header: number;
  composer: number;
  padX: number;
  padTop: number;
  bubblePadX: number;
  bubblePadY: number;
  lineHeight: number;
  /** The bubbles' column, in card pixels: left-hand bubbles start at `left`, right-hand ones end at `right`. */
  column: { left: number; right: number };
  maxBubble: number;
}

/**
 * Text is 5.8% of the card's width: 50 px on the default card (80% of the frame), what a phone shows at
 * arm's length in the genre's top videos (the old 4.4%, 38 px, read small).
 */
export const FONT_OF_WIDTH = 0.058;

function metricsOf(screen: Pick<ChatScreen, "width" | "x">): Metrics {
  const { width } = screen;
  const font = width * FONT_OF_WIDTH;
  const padX = width * 0.035;
  // Inside the card, and inside the safe area where the card runs under the platforms' buttons, tails included.
  const tail = font * 0.5;
  const column = { left: Math.max(padX, SAFE_AREA.left - screen.x + tail), right: Math.min(width - padX, SAFE_AREA.right - screen.x - tail) };
  return {
    font,
    header: width * 0.205,
    composer: width * 0.14,
    padX,
    padTop: font * 0.8,
    bubblePadX: font * 0.62,
    bubblePadY: font * 0.4,
    lineHeight: font * 1.28,
    column,
    maxBubble: (column.right - column.left) * 0.8,
  };
}

/** A row's place in the conversation, and the box its drawing covers (card pixels, the tail and receipt included). */
interface Placed {
  y: number;
  height: number;
  kind: ChatRow["kind"];
  box?: { x: number; width: number; height: number; anchor: "left" | "right" };
  /** `phase` (0-1): where the typing dots are in their cycle. */
  svg(y: number, phase?: number): string;
}

const px = (n: number) => Math.round(n * 10) / 10;

function bubbleFill(style: ChatStyle, sender: Sender): string {
  return sender === "me" ? (Array.isArray(style.me.fill) ? "url(#me-gradient)" : style.me.fill) : style.them.fill;
}

/** The hook on a bubble's corner: iMessage's curl at the bottom, WhatsApp's notch at the top. */
function tail(style: ChatStyle, sender: Sender, x: number, y: number, w: number, h: number, f: number, fill: string): string {
  const right = sender === "me";
  const edge = right ? x + w : x;
  const dir = right ? 1 : -1;
  if (style.bubble.tail === "imessage") {
    const b = y + h;
    return `<path d="M${px(edge - dir * f * 0.55)} ${px(b - f * 0.9)} C${px(edge)} ${px(b - f * 0.3)} ${px(edge)} ${px(b - f * 0.05)} ${px(edge + dir * f * 0.42)} ${px(b)} C${px(edge - dir * f * 0.2)} ${px(b + f * 0.06)} ${px(edge - dir * f * 0.6)} ${px(b - f * 0.08)} ${px(edge - dir * f * 0.85)} ${px(b - f * 0.3)} Z" fill="${fill}"/>`;
  }
  if (style.bubble.tail === "whatsapp") {
    return `<path d="M${px(edge - dir * f * 0.7)} ${px(y)} L${px(edge + dir * f * 0.45)} ${px(y)} L${px(edge)} ${px(y + f * 0.75)} Z" fill="${fill}"/>`;
  }
  return "";
}

/** Lays the rows out top to bottom; which bubbles end a run (for tails) is decided by their neighbours. */
function placeRows(screen: ChatScreen, rows: ChatRow[], m: Metrics): Placed[] {
  const { style, width } = screen;
  const placed: Placed[] = [];
  let y = m.padTop;
  rows.forEach((row, i) => {
    const prev = rows[i - 1];
    const next = rows[i + 1];
    const sameRunAsPrev = prev && prev.kind !== "label" && row.kind !== "label" && "sender" in prev && "sender" in row && prev.sender === row.sender;
    y += i === 0 ? 0 : sameRunAsPrev ? m.font * 0.16 : m.font * 0.55;
    if (row.kind === "label") {
      const size = m.font * 0.7;
      const height = size * 2.2;
      const pill = row.style === "gap" && style.label.pill;
      const pillWidth = textWidth(row.text, size) + size * 1.6;
      const mid = (m.column.left + m.column.right) / 2;
      placed.push({
        y,
        height,
        kind: "label",
        svg: (top) =>
          (pill ? `<rect x="${px(mid - pillWidth / 2)}" y="${px(top + size * 0.3)}" width="${px(pillWidth)}" height="${px(size * 1.6)}" rx="${px(size * 0.5)}" fill="${style.label.pill}"/>` : "") +
          svgTextLine(row.text, { x: mid, y: top + size * 1.45, size, anchor: "middle", attrs: ` font-weight="${row.style === "gap" ? 600 : 500}" fill="${style.label.text}"`, font: { family: style.font, weight: row.style === "gap" ? 600 : 500 } }),
      });
      y += height;
      return;
    }
    const sender = row.sender;
    const endsRun = !(next && next.kind !== "label" && "sender" in next && next.sender === sender);
    const startsRun = !sameRunAsPrev;
    const fill = bubbleFill(style, sender);
    const textColor = sender === "me" ? style.me.text : style.them.text;
    const border = sender === "them" && style.them.border ? ` stroke="${style.them.border}"` : "";
    const r = m.font * style.bubble.radius;
    const withTail = style.bubble.tail === "imessage" ? endsRun : style.bubble.tail === "whatsapp" ? startsRun : false;
    let w: number;
    let h: number;
    let inner: (x: number, top: number, phase?: number) => string;
    if (row.kind === "typing") {
      w = m.font * 2.9;
      h = m.font * 1.9;
      inner = (x, top, phase) =>
        [0, 1, 2]
          .map((d) => {
            // A wave runs through the dots: each brightens and lifts in turn, a third of a cycle apart.
            const lift = phase === undefined ? [0.5, 0.75, 1][d]! : Math.max(0, Math.cos(2 * Math.PI * (phase - d / 3))) ** 2;
            const dy = phase === undefined ? 0 : -lift * m.font * 0.12;
            return `<circle cx="${px(x + m.font * (0.85 + d * 0.6))}" cy="${px(top + h / 2 + dy)}" r="${px(m.font * 0.2)}" fill="${style.typingDot}" opacity="${px(0.35 + 0.65 * lift)}"/>`;
          })
          .join("");
    } else if (row.imageAssetId) {
      const image = screen.images[row.imageAssetId];
      w = width * 0.58;
      h = image ? Math.min(width * 0.78, (w * image.height) / image.width) : w * 0.75;
      const clip = `img-${row.index}`;
      inner = (x, top) =>
        `<clipPath id="${clip}"><rect x="${px(x)}" y="${px(top)}" width="${px(w)}" height="${px(h)}" rx="${px(m.font * 0.8)}"/></clipPath>` +
        (image ? `<image href="${image.href}" x="${px(x)}" y="${px(top)}" width="${px(w)}" height="${px(h)}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${clip})"/>` : "");
    } else {
      const lines = wrapToWidth(row.text ?? "", m.maxBubble - 2 * m.bubblePadX, m.font);
      const longest = Math.max(...lines.map((l) => textWidth(l, m.font)));
      // A little slack: the width is an estimate, and text must never touch the bubble's edge.
      w = Math.min(m.maxBubble, longest * 1.04 + 2 * m.bubblePadX);
      h = lines.length * m.lineHeight + 2 * m.bubblePadY;
      inner = (x, top) =>
        lines
          .map((l, li) => {
            // The message's direction decides every line's: an Arabic or Hebrew message runs from the bubble's right edge.
            const anchor = lineAnchor(row.text ?? "", x + m.bubblePadX, x + w - m.bubblePadX);
            const y = top + m.bubblePadY + li * m.lineHeight + m.font * 0.98;
            return svgTextLine(l, { x: anchor.x, y, size: m.font, font: { family: style.font }, attrs: ` fill="${textColor}"${anchor.attrs}`, direction: anchor.attrs.includes("rtl") ? "rtl" : "ltr" });
          })
          .join("");
    }
    const x = sender === "me" ? m.column.right - w : m.column.left;
    const receiptSize = m.font * 0.66;
    const receiptHeight = row.kind === "message" && row.receipt ? receiptSize * 1.7 : 0;
    const isImage = row.kind === "message" && row.imageAssetId !== undefined;
    const reach = withTail && !isImage ? m.font * 0.5 : 2;
    placed.push({
      y,
      height: h + receiptHeight,
      kind: row.kind,
      box: { x: x - reach, width: w + 2 * reach, height: h + receiptHeight + m.font * 0.1, anchor: sender === "me" ? "right" : "left" },
      svg: (top, phase) =>
        (isImage ? "" : `<rect x="${px(x)}" y="${px(top)}" width="${px(w)}" height="${px(h)}" rx="${px(Math.min(r, h / 2))}" fill="${fill}"${border}/>`) +
        (withTail && !isImage ? tail(style, sender, x, top, w, h, m.font, fill) : "") +
        inner(x, top, phase) +
        (receiptHeight > 0 && row.kind === "message"
          ? svgTextLine(row.receipt!, {
              x: sender === "me" ? x + w - m.font * 0.2 : x + m.font * 0.2,
              y: top + h + receiptSize * 1.3,
              size: receiptSize,
              anchor: sender === "me" ? "end" : "start",
              attrs: ` font-weight="500" fill="${style.receipt}"`,
              font: { family: style.font, weight: 500 },
            })
          : ""),
    });
    y += h + receiptHeight;
  });
  return placed;
}

/** The first letters of the first and last words that have one ("Mom 💕" is "M", an emoji is no initial). */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).flatMap((p) => p.match(/[\p{L}\p{N}]/u) ?? []);
  const letters = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts.slice(0, 1);
  return letters.map((c) => c.toUpperCase()).join("");
}

function avatarSvg(screen: ChatScreen, cx: number, cy: number, radius: number): string {
  if (screen.avatar) {
    return `<clipPath id="avatar"><circle cx="${px(cx)}" cy="${px(cy)}" r="${px(radius)}"/></clipPath><image href="${screen.avatar.href}" x="${px(cx - radius)}" y="${px(cy - radius)}" width="${px(2 * radius)}" height="${px(2 * radius)}" preserveAspectRatio="xMidYMid slice" clip-path="url(#avatar)"/>`;
  }
  const fill = screen.platform === "tinder" ? "url(#tinder-gradient)" : "url(#avatar-gradient)";
  return (
    `<circle cx="${px(cx)}" cy="${px(cy)}" r="${px(radius)}" fill="${fill}"/>` +
    `<text x="${px(cx)}" y="${px(cy + radius * 0.36)}" font-size="${px(radius * 0.95)}" font-weight="600" fill="#ffffff" text-anchor="middle">${escapeXml(initials(screen.contactName))}</text>`
  );
}

function headerSvg(screen: ChatScreen, m: Metrics): string {
  const { style, width } = screen;
  const h = style.header;
  const name = escapeXml(screen.contactName);
  let content: string;
  if (h.layout === "centered") {
    const r = m.header * 0.25;
    content =
      `<path d="M${px(m.padX + m.font * 0.5)} ${px(m.header * 0.3)} l${px(-m.font * 0.45)} ${px(m.font * 0.45)} l${px(m.font * 0.45)} ${px(m.font * 0.45)}" stroke="${h.accent}" stroke-width="${px(m.font * 0.13)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
      avatarSvg(screen, width / 2, m.header * 0.38, r) +
      (hasEmoji(screen.contactName)
        ? svgTextLine(screen.contactName, { x: width / 2, y: m.header * 0.84, size: m.font * 0.68, anchor: "middle", attrs: ` font-weight="500" fill="${h.text}"`, font: { family: style.font, weight: 500 } })
        : `<text x="${px(width / 2)}" y="${px(m.header * 0.84)}" font-size="${px(m.font * 0.68)}" font-weight="500" fill="${h.text}" text-anchor="middle">${name} <tspan fill="${h.sub}">&#x203A;</tspan></text>`);
  } else {
    const r = m.header * 0.24;
    const ax = m.padX + m.font * 1.4 + r;
    content =
      `<path d="M${px(m.padX + m.font * 0.9)} ${px(m.header / 2 - m.font * 0.45)} l${px(-m.font * 0.45)} ${px(m.font * 0.45)} l${px(m.font * 0.45)} ${px(m.font * 0.45)}" stroke="${h.accent === "#ffffff" ? "#ffffff" : h.text}" stroke-width="${px(m.font * 0.13)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
      avatarSvg(screen, ax, m.header / 2, r) +
      svgTextLine(screen.contactName, { x: ax + r + m.font * 0.55, y: m.header / 2 - (h.status ? m.font * 0.05 : -m.font * 0.35), size: m.font * 0.9, attrs: ` font-weight="600" fill="${h.text}"`, font: { family: style.font, weight: 600 } }) +
      (h.status ? `<text x="${px(ax + r + m.font * 0.55)}" y="${px(m.header / 2 + m.font * 0.85)}" font-size="${px(m.font * 0.62)}" fill="${h.sub}">${escapeXml(h.status)}</text>` : "") +
      // Call and video icons, drawn as plain shapes.
      `<rect x="${px(width - m.padX - m.font * 3.6)}" y="${px(m.header / 2 - m.font * 0.38)}" width="${px(m.font * 0.95)}" height="${px(m.font * 0.76)}" rx="${px(m.font * 0.15)}" fill="none" stroke="${h.text}" stroke-width="${px(m.font * 0.09)}"/>` +
      `<path d="M${px(width - m.padX - m.font * 2.6)} ${px(m.header / 2)} l${px(m.font * 0.42)} ${px(-m.font * 0.3)} v${px(m.font * 0.6)} Z" fill="${h.text}"/>` +
      `<path d="M${px(width - m.padX - m.font * 1.1)} ${px(m.header / 2 - m.font * 0.42)} q${px(-m.font * 0.2)} ${px(m.font * 0.1)} ${px(-m.font * 0.05)} ${px(m.font * 0.35)} q${px(m.font * 0.25)} ${px(m.font * 0.38)} ${px(m.font * 0.55)} ${px(m.font * 0.55)} q${px(m.font * 0.25)} ${px(m.font * 0.1)} ${px(m.font * 0.35)} ${px(-m.font * 0.1)}" fill="none" stroke="${h.text}" stroke-width="${px(m.font * 0.11)}" stroke-linecap="round"/>`;
  }
  return (
    `<rect width="${width}" height="${px(m.header)}" fill="${h.fill}"/>` +
    `<rect y="${px(m.header - 1.5)}" width="${width}" height="1.5" fill="${h.divider}"/>` +
    content
  );
}

function composerSvg(screen: ChatScreen, m: Metrics, top: number): string {
  const c = screen.style.composer;
  const fieldH = m.composer * 0.56;
  const fieldX = m.padX + m.font * 1.5;
  const fieldW = screen.width - fieldX - m.padX - m.font * 1.6;
  const cy = top + m.composer / 2;
  return (
    `<rect y="${px(top)}" width="${screen.width}" height="${px(m.composer)}" fill="${c.fill}"/>` +
    `<circle cx="${px(m.padX + m.font * 0.55)}" cy="${px(cy)}" r="${px(m.font * 0.55)}" fill="${c.accent}" opacity="0.9"/>` +
    `<path d="M${px(m.padX + m.font * 0.55)} ${px(cy - m.font * 0.3)} v${px(m.font * 0.6)} M${px(m.padX + m.font * 0.25)} ${px(cy)} h${px(m.font * 0.6)}" stroke="#ffffff" stroke-width="${px(m.font * 0.1)}" stroke-linecap="round"/>` +
    `<rect x="${px(fieldX)}" y="${px(cy - fieldH / 2)}" width="${px(fieldW)}" height="${px(fieldH)}" rx="${px(fieldH / 2)}" fill="${c.field}"${c.fieldBorder ? ` stroke="${c.fieldBorder}" stroke-width="2"` : ""}/>` +
    `<text x="${px(fieldX + m.font * 0.6)}" y="${px(cy + m.font * 0.28)}" font-size="${px(m.font * 0.78)}" fill="${c.text}">${escapeXml(c.placeholder)}</text>` +
    `<circle cx="${px(screen.width - m.padX - m.font * 0.6)}" cy="${px(cy)}" r="${px(m.font * 0.6)}" fill="${c.accent}"/>` +
    `<path d="M${px(screen.width - m.padX - m.font * 0.6)} ${px(cy + m.font * 0.3)} v${px(-m.font * 0.6)} m${px(-m.font * 0.28)} ${px(m.font * 0.28)} l${px(m.font * 0.28)} ${px(-m.font * 0.28)} l${px(m.font * 0.28)} ${px(m.font * 0.28)}" stroke="#ffffff" stroke-width="${px(m.font * 0.11)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** Height of the card for this much conversation (`fit` grows with it up to maxHeight). */
function cardHeight(screen: ChatScreen, m: Metrics, content: number): number {
  if (screen.cardHeight === "full") return Math.round(screen.maxHeight);
  return Math.round(Math.min(screen.maxHeight, Math.max(screen.width * 0.62, m.header + m.composer + content)));
}

/**
 * The newest row (a message or the typing bubble) when it is wholly in view: what a layer over the card
 * needs to redraw its part of the card with the row changed (popping in, or its dots moving).
 */
export interface NewestRow {
  kind: "message" | "typing";
  /** Card pixels: the bubble with its tail and receipt. */
  box: { x: number; y: number; width: number; height: number };
  /** The side of the bottom corner it grows from: its sender's. */
  anchor: "left" | "right";
  /** The row's elements at their place on the card (`phase`: the typing dots' place in their cycle, 0-1). */
  svg(phase?: number): string;
  /** The conversation as the card draws it (background, wallpaper, the other rows) with `row` in place of the newest. */
  scene(row: string): string;
  /** The card's definitions (clips, gradients, patterns) and its font. */
  defs: string;
  font: string;
}

/**
 * One state of the chat as an SVG card: header, the conversation (scrolled so the newest row sits
 * above the composer when it overflows) and the composer. Pure: the same rows always give the same SVG.
 */
export function chatScreenSvg(screen: ChatScreen, rows: ChatRow[]): { svg: string; width: number; height: number; newest?: NewestRow } {
  const m = metricsOf(screen);
  const { style, width } = screen;
  const placed = placeRows(screen, rows, m);
  const content = (placed.at(-1) ? placed.at(-1)!.y + placed.at(-1)!.height : 0) + m.padTop;
  const height = cardHeight(screen, m, content);
  const bodyTop = m.header;
  const bodyHeight = height - m.header - m.composer;
  const scroll = Math.max(0, content - bodyHeight);
  const visible = placed.filter((p) => p.y + p.height - scroll > 0 && p.y - scroll < bodyHeight);
  const defs =
    `<defs>` +
    `<clipPath id="card"><rect width="${width}" height="${height}" rx="${px(width * 0.045)}"/></clipPath>` +
    `<clipPath id="body"><rect y="${px(bodyTop)}" width="${width}" height="${px(bodyHeight)}"/></clipPath>` +
    `<linearGradient id="avatar-gradient" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a5abb9"/><stop offset="1" stop-color="#858994"/></linearGradient>` +
    `<linearGradient id="tinder-gradient" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fd267a"/><stop offset="1" stop-color="#ff6036"/></linearGradient>` +
    (Array.isArray(style.me.fill)
      ? `<linearGradient id="me-gradient" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.me.fill[0]}"/><stop offset="1" stop-color="${style.me.fill[1]}"/></linearGradient>`
      : "") +
    (style.wallpaper
      ? `<pattern id="wallpaper" width="${px(m.font * 3)}" height="${px(m.font * 3)}" patternUnits="userSpaceOnUse"><circle cx="${px(m.font * 0.7)}" cy="${px(m.font * 0.7)}" r="${px(m.font * 0.18)}" fill="${style.wallpaper}"/><path d="M${px(m.font * 1.8)} ${px(m.font * 2)} l${px(m.font * 0.5)} ${px(-m.font * 0.5)}" stroke="${style.wallpaper}" stroke-width="${px(m.font * 0.1)}"/></pattern>`
      : "") +
    `</defs>`;
  const backdrop =
    `<rect y="${px(bodyTop)}" width="${width}" height="${px(bodyHeight)}" fill="${style.background}"/>` +
    (style.wallpaper ? `<rect y="${px(bodyTop)}" width="${width}" height="${px(bodyHeight)}" fill="url(#wallpaper)"/>` : "");
  const last = placed.at(-1);
  const rowSvg = (p: Placed) => p.svg(bodyTop + p.y - scroll);
  const others = visible.filter((p) => p !== last).map(rowSvg).join("");
  const scene = (row: string) => `<g clip-path="url(#body)">${backdrop}${others}${row}</g>`;
  const lastTop = last ? bodyTop + last.y - scroll : 0;
  const newest: NewestRow | undefined =
    last?.box && (last.kind === "message" || last.kind === "typing") && lastTop >= bodyTop && lastTop + last.box.height <= bodyTop + bodyHeight
      ? { kind: last.kind, box: { x: last.box.x, y: lastTop, width: last.box.width, height: last.box.height }, anchor: last.box.anchor, svg: (phase) => last.svg(lastTop, phase), scene, defs, font: style.font }
      : undefined;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="${style.font}">` +
    defs +
    `<g clip-path="url(#card)">` +
    `<rect width="${width}" height="${height}" fill="${style.background}"/>` +
    scene(last && visible.includes(last) ? rowSvg(last) : "") +
    headerSvg(screen, m) +
    composerSvg(screen, m, height - m.composer) +
    `</g></svg>`;
  return { svg, width, height, newest };
}
