import type * as SimpleIcons from "simple-icons";
import { onFirstUse } from "../../kernel/on-first-use.ts";
import { asksFor, factsFrom, worded } from "./phrasing.ts";
import { askEach, type Difficulty, type Phrasing, type QuestionSource, withDistractors } from "./question.ts";

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

/** A colour word for a hue, as a viewer would name it. */
function colourWord(hex: string): string {
  const h = hue(hex);
  if (h < 0) return parseInt(hex.slice(0, 2), 16) > 128 ? "grey" : "black";
  return h < 15 || h >= 345 ? "red" : h < 45 ? "orange" : h < 70 ? "yellow" : h < 170 ? "green" : h < 200 ? "cyan" : h < 260 ? "blue" : h < 300 ? "purple" : "pink";
}

/** Logos carry no data but a name and a colour: the lines vary how they say so. */
function logoFacts(icon: Icon): Phrasing[] {
  const hex = `#${icon.hex.toUpperCase()}`;
  return factsFrom("logo", [
    `That is the ${icon.title} logo; its brand colour is ${hex}.`,
    `${icon.title}'s logo is drawn here in its own ${colourWord(icon.hex)}.`,
    `That mark belongs to ${icon.title}, well spotted.`,
    `The colour code of ${icon.title}'s brand is ${hex}.`,
    `Well done if you said ${icon.title}: the ${colourWord(icon.hex)} gives it away.`,
    `This one is ${icon.title}, in ${hex}.`,
    `${icon.title} uses this mark across its products.`,
    `That shape is ${icon.title}'s, in ${colourWord(icon.hex)}.`,
    `The answer is ${icon.title}; few logos are that ${colourWord(icon.hex)}.`.replace(/; few logos are that (black|grey)\.$/, "."),
    `${icon.title} it is, brand colour ${hex}.`,
  ]);
}

const LOGO_ASKS = [
  "Which brand does this logo belong to?",
  "Whose logo is this?",
  "Which company uses this logo?",
  "This logo belongs to which brand?",
  "Which brand is behind this mark?",
  "Can you tell which brand this logo stands for?",
];

export const logoSource: QuestionSource = {
  id: "logo-brand",
  categories: ["logos-brands", "general-knowledge"],
  keywords: ["logo", "logos", "brand", "brands", "company", "companies", "trademark", "trademarks"],
  credit: CREDIT,
  large: true,
  // The logo drawn is the subject's own, and its name is the one marked option.
  verify: (q) => {
    const icon = icons().find((i) => i.title === q.subject);
    if (!icon || q.logo?.path !== icon.path) return `the logo drawn is not ${q.subject}'s`;
    return q.options[q.answerIndex] === icon.title && q.options.filter((o) => o === icon.title).length === 1 && new Set(q.options).size === 4 ? null : `marked ${q.options[q.answerIndex]}, the logo is ${icon.title}`;
  },
  questions: (difficulty: Difficulty, rng) =>
    askEach(icons(), (icon) => icon.title, (icon) => {
      const o = withDistractors(icon.title, nearest(icon).map((x) => x.title), difficulty, rng);
      const q = o && worded(o, asksFor("logo", "the brand behind this logo", LOGO_ASKS), logoFacts(icon));
      return q && { ...q, logo: { path: icon.path, hex: icon.hex } };
    }),
};
