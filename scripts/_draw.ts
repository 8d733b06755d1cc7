import sharp from "sharp";
import { chatScreenSvg } from "../src/templates/fake-text-message/chat-screen.ts";
import { chatStyle } from "../src/templates/fake-text-message/chat-styles.ts";
import { planConversation } from "../src/templates/fake-text-message/conversation.ts";
import { fakeTextMessage } from "../src/templates/fake-text-message/inputs.ts";
const inputs = fakeTextMessage.examples.full as any;
inputs.messages.push({ sender: "me", text: "ok now I'm scared 😳 coming over" , receipt: "Delivered"});
console.log("planning");const plan = planConversation(inputs, inputs.messages.map(() => 1.5));
const tiles = [];
for (const platform of ["imessage", "whatsapp", "instagram", "tinder"]) for (const theme of ["dark", "light"] as const) {
  const { platform: p, style } = chatStyle(platform, theme);
  const state = plan.states.at(-1)!;
  const { svg, width, height } = chatScreenSvg({ platform: p, style, width: 864, maxHeight: 1300, cardHeight: "fit", contactName: "Alex Morgan", images: {} }, state.rows);
  tiles.push(await sharp(Buffer.from(svg)).png().toBuffer());
}
console.log("tiles");const W = 864, H = 1300;
const sheet = sharp({ create: { width: W * 4, height: H * 2, channels: 3, background: "#444" } }).composite(tiles.map((t, i) => ({ input: t, left: Math.floor(i / 2) * W, top: (i % 2) * H })));
await sharp(await sheet.png().toBuffer()).resize(1728).png().toFile("/tmp/chat/sheet.png");
console.log(plan.states.map(s => [s.start, s.end, s.rows.length]));
