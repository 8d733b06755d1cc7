import { COMPANION_FILES } from "../../render/companions.ts";
import { PUBLISH_FILE } from "../publishing/publishing.ts";

/** Every file made with a video beside its MP4, by name, and the file name each is stored under. */
export const VIDEO_FILES = { ...COMPANION_FILES, publishKit: PUBLISH_FILE } as const;

export type VideoFileName = keyof typeof VIDEO_FILES;
