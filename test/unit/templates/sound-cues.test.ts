import { expect, test } from "bun:test";
import { chatSoundCues } from "../../../src/templates/fake-text-message/chat-sounds.ts";
import { planConversation } from "../../../src/templates/fake-text-message/conversation.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import { quizSoundCues } from "../../../src/templates/quiz-video/quiz-sounds.ts";
import { soundCueTracks } from "../../../src/templates/sound-cues.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const chat = (fields: object) => withDefaults(fakeTextMessage, { contact: { name: "Sam" }, ...fields });
const messages = [
  { sender: "them", text: "you up?" },
  { sender: "me", text: "yes", typingIndicatorBefore: true },
  { sender: "them", text: "😭😭" },
];

test("a chat's sounds follow its plan: the hook comes in and goes out on a whoosh; sent, received and typing sounds play when asked", () => {
  const inputs = chat({ messages, hookText: { text: "wait for it" }, sfx: { send: true, receive: true, typing: true } });
  const plan = planConversation(inputs, [1, 0.6, undefined]);
  const cues = chatSoundCues(inputs, plan);
  const at = (effect: string) => cues.filter((c) => c.effect === effect).map((c) => c.at);
  expect(at("whoosh")).toEqual([0, plan.hook!.end - 0.35]);
  expect(at("receive")).toEqual([plan.appearAt[0]!, plan.appearAt[2]!]);
  expect(at("send")).toEqual([plan.appearAt[1]!]);
  const typing = plan.states.find((s) => s.rows.at(-1)?.kind === "typing")!;
  expect(at("typing")[0]).toBe(typing.start);
  expect(at("typing").every((t) => t >= typing.start && t < typing.end)).toBe(true);
});

test("with the spec's defaults (sfx off) a chat plays only the hook's whoosh", () => {
  const inputs = chat({ messages, hookText: { text: "wait for it", seconds: 1 } });
  const cues = chatSoundCues(inputs, planConversation(inputs, [1, 0.6, undefined]));
  expect(cues).toEqual([{ effect: "whoosh", at: 0 }]);
  const plain = chat({ messages });
  expect(chatSoundCues(plain, planConversation(plain, [1, 0.6, undefined]))).toEqual([]);
});

test("a quiz ticks each second of every countdown, chimes at each reveal, and pops its title in", () => {
  const cues = quizSoundCues({ countdowns: [{ start: 7.2, end: 12.2 }, { start: 20, end: 23 }], reveals: [12.2, 23] });
  const at = (effect: string) => cues.filter((c) => c.effect === effect).map((c) => Math.round(c.at * 1000) / 1000);
  expect(at("tick")).toEqual([7.2, 8.2, 9.2, 10.2, 11.2, 20, 21, 22]);
  expect(at("chime")).toEqual([12.2, 23]);
  expect(at("pop")).toEqual([0]);
});

test("cues become sfx tracks of the library's files; a missing effect or a time outside the video is left out", () => {
  const library = { soundEffect: (name: string) => (name === "tick" ? "/sfx/tick.wav" : undefined) };
  const tracks = soundCueTracks(library, [{ effect: "tick", at: 1 }, { effect: "chime", at: 2 }, { effect: "tick", at: 9 }], 5);
  expect(tracks).toEqual([{ path: "/sfx/tick.wav", start: 1, volume: 1.5, kind: "sfx" }]);
});
