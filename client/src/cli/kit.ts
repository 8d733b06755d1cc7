import type { Video } from "../client.ts";

type Kit = NonNullable<Video["publishKit"]>;
type Disclosure = NonNullable<Video["disclosure"]>;

const indent = (text: string) => text.split("\n").map((line) => `    ${line}`).join("\n");

/** A finished video's publish kit and disclosure as plain text, ready to paste platform by platform. */
export function kitText(video: Pick<Video, "id" | "status" | "publishKit" | "disclosure">): string {
  const kit: Kit | null = video.publishKit;
  const disclosure: Disclosure | null = video.disclosure;
  if (!kit || !disclosure) return `Video ${video.id} is ${video.status}: its publish kit comes with the finished video.\n`;
  const switches = Object.entries(disclosure.platforms)
    .map(([platform, s]) => `  ${platform}: "${s.setting}" ${s.value ? "on" : "off"} (${s.why})`)
    .join("\n");
  return [
    "YouTube Shorts",
    `  Title: ${kit.youtube.title}`,
    "  Description:",
    indent(kit.youtube.description),
    `  Tags: ${kit.youtube.tags.join(", ")}`,
    "",
    "TikTok",
    "  Caption:",
    indent(kit.tiktok.caption),
    "",
    "Instagram Reels",
    "  Caption:",
    indent(kit.instagram.caption),
    "",
    `AI disclosure: ${disclosure.summary}`,
    switches,
    "",
  ].join("\n");
}
