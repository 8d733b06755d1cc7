import type { MadeOf, PublishSource } from "../../publishing/model.ts";
import type { FakeTextMessageInputs } from "./inputs.ts";
import type { ChatOutputs } from "./production.ts";
import type { StageOutputs } from "../stages.ts";

/** The caller's own conversation (and own footage, music or images) voiced by synthetic voices. */
export function chatMadeOf(inputs: FakeTextMessageInputs, outputs: StageOutputs<ChatOutputs>): MadeOf {
  const media = outputs.get("preparing_media");
  const callerMedia: MadeOf["callerMedia"] = [];
  if (inputs.background.ownUrl) callerMedia.push({ role: "background footage", path: media.backgroundPath, format: "video/mp4" });
  if (inputs.music.ownUrl && media.musicPath) callerMedia.push({ role: "music", path: media.musicPath, format: "audio/mpeg" });
  for (const [id, image] of Object.entries(media.images)) callerMedia.push({ role: `image ${id}`, path: image.path, format: "image/jpeg" });
  return { synthetic: ["voice"], callerWords: true, callerMedia };
}

/** The texts on screen: the hook, the messages, the captions and the end card. */
export function chatPublishSource(inputs: FakeTextMessageInputs): PublishSource {
  const messages = inputs.messages.map((m) => m.text).filter((t): t is string => !!t);
  const extra = [...(inputs.captions ?? []).map((c) => c.text), inputs.endCard?.line1, inputs.endCard?.line2].filter((t): t is string => !!t);
  const hook = inputs.hookText?.text;
  const lead = hook ?? messages[0] ?? inputs.contact.name;
  return { title: hook ?? null, text: [hook, ...messages, ...extra, inputs.contact.name].filter(Boolean).join("\n\n"), lead };
}
