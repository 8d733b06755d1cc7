import type * as SimpleIcons from "simple-icons";
import { onFirstUse } from "../../on-first-use.ts";
import { askEach, type Difficulty, type QuestionSource, withDistractors } from "./question.ts";

interface Icon {
  title: string;
  slug: string;
  hex: string;
  path: string;
}

/** Brands most viewers know by their logo (simple-icons slugs); slugs the installed version lacks are skipped. */
const FAMOUS =
  "google apple netflix spotify youtube instagram facebook x tiktok snapchat whatsapp discord twitch reddit pinterest ebay paypal visa mastercard americanexpress airbnb uber lyft tesla bmw audi volkswagen toyota honda ford ferrari porsche lamborghini nissan hyundai kia volvo renault peugeot fiat mazda subaru mitsubishi suzuki nike adidas puma reebok underarmour newbalance mcdonalds burgerking starbucks kfc cocacola redbull playstation steam epicgames ubisoft ea sega android linux ubuntu firefox googlechrome safari opera intel amd nvidia samsung sony lg huawei xiaomi oneplus dell hp lenovo asus acer figma zoom dropbox github gitlab shopify wordpress wikipedia duolingo telegram signal baidu wechat line ikea zara dior shell fedex ups dhl boeing airbus emirates lufthansa ryanair easyjet deutschetelekom vodafone verizon mcafee norton hbo crunchyroll mastodon bluesky threads vimeo soundcloud deezer tidal shazam pandora audible nikon fujifilm razer corsair bose jbl beatsbydre siemens bosch unilever".split(" ");

const icons = onFirstUse((): Icon[] => {
  const all = new Map((Object.values(require("simple-icons") as typeof SimpleIcons) as Icon[]).map((i) => [i.slug, i]));
  return FAMOUS.map((s) => all.get(s)).filter((i): i is Icon => i !== undefined);
});

const CREDIT = "Logos: Simple Icons (CC0-1.0); logos are trademarks of their owners";

function hue(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return -1;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** Other brands, closest logo colour first: a hard question's options all look alike at a glance. */
function nearest(icon: Icon): Icon[] {
  const h = hue(icon.hex);
  const distance = (x: Icon) => {
    const d = Math.abs(hue(x.hex) - h);
    return Math.min(d, 360 - d);
  };
  return icons().filter((x) => x !== icon).sort((a, b) => distance(a) - distance(b));
}

export const logoSource: QuestionSource = {
  id: "logo-brand",
  categories: ["logos-brands", "general-knowledge"],
  keywords: ["logo", "logos", "brand", "brands", "company", "companies", "trademark", "trademarks"],
  credit: CREDIT,
  questions: (difficulty: Difficulty, rng) =>
    askEach(icons(), (icon) => icon.title, (icon) => {
      const o = withDistractors(icon.title, nearest(icon).map((x) => x.title), difficulty, rng);
      return o && { question: "Which brand does this logo belong to?", ...o, fact: `That is the ${icon.title} logo; its brand colour is #${icon.hex.toUpperCase()}.`, logo: { path: icon.path, hex: icon.hex } };
    }),
};
