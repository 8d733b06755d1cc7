/**
 * What makes each app recognisable at a glance: colours, bubble shape, header and composer. Sizes are in
 * units of the card's width (1 = the whole card), so every card width keeps the proportions.
 */
export type Platform = "imessage" | "whatsapp" | "instagram" | "tinder";
export type Theme = "dark" | "light";

export interface ChatStyle {
  font: string;
  background: string;
  /** A faint pattern over the background (WhatsApp's wallpaper). */
  wallpaper?: string;
  header: { fill: string; text: string; sub: string; status: string; layout: "centered" | "left"; accent: string; divider: string };
  me: { fill: string | [string, string]; text: string };
  them: { fill: string; text: string; border?: string };
  /** Corner radius in units of the font size; `tail` draws the little hook of the last bubble of a run. */
  bubble: { radius: number; tail: "imessage" | "whatsapp" | "none" };
  label: { text: string; pill?: string };
  receipt: string;
  composer: { fill: string; field: string; fieldBorder?: string; placeholder: string; text: string; accent: string };
  typingDot: string;
}

const IOS_FONT = "Inter, 'Noto Color Emoji', 'DejaVu Sans', sans-serif";
const ANDROID_FONT = "Roboto, 'Noto Color Emoji', 'DejaVu Sans', sans-serif";

const STYLES: Record<Platform, Record<Theme, ChatStyle>> = {
  imessage: {
    dark: {
      font: IOS_FONT,
      background: "#000000",
      header: { fill: "#1c1c1e", text: "#ffffff", sub: "#8e8e93", status: "", layout: "centered", accent: "#0a84ff", divider: "#38383a" },
      me: { fill: "#0a84ff", text: "#ffffff" },
      them: { fill: "#26252a", text: "#ffffff" },
      bubble: { radius: 0.95, tail: "imessage" },
      label: { text: "#8e8e93" },
      receipt: "#8e8e93",
      composer: { fill: "#000000", field: "#000000", fieldBorder: "#3a3a3c", placeholder: "iMessage", text: "#636366", accent: "#0a84ff" },
      typingDot: "#8e8e93",
    },
    light: {
      font: IOS_FONT,
      background: "#ffffff",
      header: { fill: "#f6f6f6", text: "#000000", sub: "#8e8e93", status: "", layout: "centered", accent: "#007aff", divider: "#d1d1d6" },
      me: { fill: "#007aff", text: "#ffffff" },
      them: { fill: "#e9e9eb", text: "#000000" },
      bubble: { radius: 0.95, tail: "imessage" },
      label: { text: "#8e8e93" },
      receipt: "#8e8e93",
      composer: { fill: "#ffffff", field: "#ffffff", fieldBorder: "#c7c7cc", placeholder: "iMessage", text: "#c7c7cc", accent: "#007aff" },
      typingDot: "#8e8e93",
    },
  },
  whatsapp: {
    dark: {
      font: ANDROID_FONT,
      background: "#0b141a",
      wallpaper: "#13212a",
      header: { fill: "#1f2c34", text: "#e9edef", sub: "#8696a0", status: "online", layout: "left", accent: "#00a884", divider: "#1f2c34" },
      me: { fill: "#005c4b", text: "#e9edef" },
      them: { fill: "#1f2c34", text: "#e9edef" },
      bubble: { radius: 0.38, tail: "whatsapp" },
      label: { text: "#8696a0", pill: "#182229" },
      receipt: "#8696a0",
      composer: { fill: "#0b141a", field: "#1f2c34", placeholder: "Message", text: "#8696a0", accent: "#00a884" },
      typingDot: "#8696a0",
    },
    light: {
      font: ANDROID_FONT,
      background: "#efeae2",
      wallpaper: "#e4ddd3",
      header: { fill: "#008069", text: "#ffffff", sub: "#d9fdd3", status: "online", layout: "left", accent: "#ffffff", divider: "#008069" },
      me: { fill: "#d9fdd3", text: "#111b21" },
      them: { fill: "#ffffff", text: "#111b21" },
      bubble: { radius: 0.38, tail: "whatsapp" },
      label: { text: "#54656f", pill: "#ffffff" },
      receipt: "#667781",
      composer: { fill: "#efeae2", field: "#ffffff", placeholder: "Message", text: "#8696a0", accent: "#00a884" },
      typingDot: "#8696a0",
    },
  },
  instagram: {
    dark: {
      font: IOS_FONT,
      background: "#000000",
      header: { fill: "#000000", text: "#f5f5f5", sub: "#a8a8a8", status: "Active now", layout: "left", accent: "#f5f5f5", divider: "#262626" },
      me: { fill: ["#a033ff", "#3797f0"], text: "#ffffff" },
      them: { fill: "#262626", text: "#f5f5f5" },
      bubble: { radius: 1.1, tail: "none" },
      label: { text: "#a8a8a8" },
      receipt: "#a8a8a8",
      composer: { fill: "#000000", field: "#262626", placeholder: "Message...", text: "#a8a8a8", accent: "#3797f0" },
      typingDot: "#a8a8a8",
    },
    light: {
      font: IOS_FONT,
      background: "#ffffff",
      header: { fill: "#ffffff", text: "#000000", sub: "#737373", status: "Active now", layout: "left", accent: "#000000", divider: "#dbdbdb" },
      me: { fill: ["#a033ff", "#3797f0"], text: "#ffffff" },
      them: { fill: "#efefef", text: "#000000" },
      bubble: { radius: 1.1, tail: "none" },
      label: { text: "#737373" },
      receipt: "#737373",
      composer: { fill: "#ffffff", field: "#ffffff", fieldBorder: "#dbdbdb", placeholder: "Message...", text: "#737373", accent: "#3797f0" },
      typingDot: "#737373",
    },
  },
  tinder: {
    dark: {
      font: ANDROID_FONT,
      background: "#111418",
      header: { fill: "#111418", text: "#ffffff", sub: "#7c8591", status: "", layout: "centered", accent: "#fe3c72", divider: "#21262e" },
      me: { fill: "#1f8efa", text: "#ffffff" },
      them: { fill: "#21262e", text: "#ffffff" },
      bubble: { radius: 0.85, tail: "none" },
      label: { text: "#7c8591" },
      receipt: "#7c8591",
      composer: { fill: "#111418", field: "#111418", fieldBorder: "#2f3640", placeholder: "Type a message", text: "#7c8591", accent: "#fe3c72" },
      typingDot: "#7c8591",
    },
    light: {
      font: ANDROID_FONT,
      background: "#ffffff",
      header: { fill: "#ffffff", text: "#21262e", sub: "#7c8591", status: "", layout: "centered", accent: "#fe3c72", divider: "#e9ebee" },
      me: { fill: "#1f8efa", text: "#ffffff" },
      them: { fill: "#f0f2f4", text: "#21262e" },
      bubble: { radius: 0.85, tail: "none" },
      label: { text: "#7c8591" },
      receipt: "#7c8591",
      composer: { fill: "#ffffff", field: "#ffffff", fieldBorder: "#e9ebee", placeholder: "Type a message", text: "#7c8591", accent: "#fe3c72" },
      typingDot: "#7c8591",
    },
  },
};

/** `ios` is an alias of `imessage`. */
export function chatStyle(platform: string, theme: Theme): { platform: Platform; style: ChatStyle } {
  const p = (platform === "ios" ? "imessage" : platform) as Platform;
  return { platform: p, style: STYLES[p][theme] };
}
