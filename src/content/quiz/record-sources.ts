import { animalSources } from "./animals.ts";
import { dishSources } from "./dishes.ts";
import { filmSources } from "./films.ts";
import { flagSources } from "./flags.ts";
import { historySources } from "./history.ts";
import { humanBodySources } from "./human-body.ts";
import { musicSources } from "./music.ts";
import { paintingSources } from "./paintings.ts";
import type { RecordSource } from "./records.ts";
import { solarSystemSources } from "./solar-system.ts";
import { songSources } from "./songs.ts";
import { sportSources } from "./sports.ts";
import { wordSources } from "./words.ts";

/** The question sources over tables written and checked by hand (one file per table). */
export const RECORD_SOURCES: readonly RecordSource[] = [
  ...flagSources,
  ...solarSystemSources,
  ...humanBodySources,
  ...animalSources,
  ...historySources,
  ...paintingSources,
  ...wordSources,
  ...sportSources,
  ...dishSources,
  ...musicSources,
  ...songSources,
  ...filmSources,
];
