import { DIGITAL_SOURCE_TYPES, type Disclosure, type MadeOf, type SyntheticPart } from "./model.ts";

const WHAT: Record<SyntheticPart, string> = {
  voice: "a synthetic narrator's voice",
  script: "a script generated from its source",
  questions: "generated quiz questions",
  footage: "generated background footage",
};

/** The IPTC source type: generated words and voice, or the caller's own words or media with a synthetic voice. */
export function digitalSourceTypeOf(made: MadeOf) {
  if (made.synthetic.length === 0) return DIGITAL_SOURCE_TYPES.digitalCreation;
  return made.callerWords || made.callerMedia.length > 0 ? DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia : DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia;
}

/**
 * Pure: the disclosure of a video made of `made`. A synthetic voice is realistic generated audio, which
 * TikTok, YouTube and Instagram ask to be labelled, so any generated part turns every platform's switch on.
 */
export function disclosureOf(made: MadeOf): Disclosure {
  const synthetic = [...new Set(made.synthetic)];
  const contains = synthetic.length > 0;
  const parts = synthetic.map((p) => WHAT[p]);
  const own = made.callerWords ? " The words are the creator's own." : "";
  const summary = contains ? `This video contains AI-generated material: ${parts.join(", ")}.${own}` : "This video contains no AI-generated material.";
  const why = contains ? `It contains realistic generated material (${synthetic.join(", ")}).` : "Nothing in it is generated.";
  return {
    containsSyntheticMedia: contains,
    synthetic,
    digitalSourceType: digitalSourceTypeOf(made),
    summary,
    platforms: {
      youtube: { setting: "Altered or synthetic content", value: contains, why },
      tiktok: { setting: "AI-generated content", value: contains, why },
      instagram: { setting: "AI label", value: contains, why },
    },
  };
}
