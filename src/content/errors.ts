/** Why content could not be made; the codes are both video failure codes and /v1/scripts refusals. */
export type ContentFailure = "INGEST_FAILED" | "SOURCE_TOO_SHORT" | "SCRIPT_FAILED" | "PACK_FAILED" | "SAFETY_REJECTED";

export class ContentError extends Error {
  constructor(
    readonly code: ContentFailure,
    message: string,
    /** The generator was unreachable: worth retrying shortly (502 on /v1/scripts). */
    readonly upstream = false,
  ) {
    super(message);
  }
}
