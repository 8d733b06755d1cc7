import type { MadeOf, PublishSource } from "../../publishing/model.ts";
import { sentencesOf } from "../../publishing/kit-text.ts";
import type { RedditStoryInputs } from "./inputs.ts";
import type { StoryOutputs } from "./production.ts";
import type { StageOutputs } from "../stages.ts";

/** The caller's own story (and own footage or music, if given) with a synthetic voice. */
export function storyMadeOf(inputs: RedditStoryInputs, outputs: StageOutputs<StoryOutputs>): MadeOf {
  const media = outputs.get("preparing_media");
  const callerMedia: MadeOf["callerMedia"] = [];
  if (inputs.backgroundVideoUrl) callerMedia.push({ role: "background footage", path: media.backgroundPath, format: "video/mp4" });
  if (inputs.backgroundAudioUrl && media.musicPath) callerMedia.push({ role: "music", path: media.musicPath, format: "audio/mpeg" });
  return { synthetic: ["voice"], callerWords: true, callerMedia };
}

export function storyPublishSource(inputs: RedditStoryInputs): PublishSource {
  return { title: inputs.title, text: `${inputs.title}\n\n${inputs.text}`, lead: sentencesOf(inputs.text)[0] ?? inputs.title };
}
