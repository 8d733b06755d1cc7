import { Type } from "@sinclair/typebox";
import { ApiError } from "../../kernel/errors.ts";
import { component } from "../../kernel/components.ts";
import type { RouteDef } from "../route.ts";
import { MediaImportError, utcDayStart } from "../../media/own-media.ts";
import { HttpUrl } from "../../kernel/schema-kit.ts";
import { refusalFor, schemaIssues, toFieldIssues } from "../../templates/validate.ts";

const ImageRequest = component(
  "ImageRequest",
  Type.Object(
    { url: HttpUrl({ minLength: 1, maxLength: 2048, description: "Public https URL of a JPEG, PNG, WebP, GIF or AVIF image, up to 15 MB and 25 megapixels (8192 px a side). SVG is refused." }) },
    { additionalProperties: false },
  ),
);

const ImageSchema = component(
  "Image",
  Type.Object(
    {
      id: Type.String({ description: "Image asset id (med_...): use it as contact.avatarAssetId or messages[].imageAssetId." }),
      width: Type.Integer({ description: "Stored width in pixels (at most 1080 on the longer side)." }),
      height: Type.Integer(),
      reused: Type.Boolean({ description: "true when this account imported the URL in the last 30 days: the same id, not counted again." }),
    },
    { description: "An image imported for chat avatars and photos." },
  ),
);

function secondsToUtcMidnight(now: Date): number {
  return Math.max(1, Math.ceil((utcDayStart(now).getTime() + 86_400_000 - now.getTime()) / 1000));
}

export const imageRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/images",
    operationId: "importImage",
    tag: "Media",
    summary: "Import an image by URL for fake_text_message avatars and photos",
    description:
      "Fetches a public https image (checked after DNS, connection pinned, every redirect checked, at most 15 MB), refuses SVG and images over 25 megapixels or 8192 px a side (read from the header, before decoding), stores it as a JPEG of at most 1080 px a side, and returns its id for `contact.avatarAssetId` and `messages[].imageAssetId`. Ids belong to the account. A URL imported in the last 30 days is reused (same id, `reused: true`) and not counted; new URLs count against the 20 own-media URLs a day (UTC), shared with backgroundVideoUrl, backgroundAudioUrl, background.ownUrl and music.ownUrl.",
    auth: "key",
    idempotent: true,
    body: { schema: ImageRequest, description: "`{url}`.", required: true },
    success: { status: 201, description: "The stored image.", schema: ImageSchema },
    errors: ["IMAGE_UNAVAILABLE", "MEDIA_QUOTA_EXCEEDED"],
    handle: async ({ auth, body }, deps) => {
      const issues = schemaIssues(ImageRequest, body ?? null);
      if (issues.length > 0) throw refusalFor(toFieldIssues(issues, ""), "request body");
      try {
        const image = await deps.ownMedia.importImage(auth!.account.id, (body as { url: string }).url);
        return { status: 201, body: image };
      } catch (error) {
        if (!(error instanceof MediaImportError)) throw error;
        if (error.code === "MEDIA_QUOTA_EXCEEDED") throw new ApiError("MEDIA_QUOTA_EXCEEDED", error.message, { retryAfterSeconds: secondsToUtcMidnight(deps.now()) });
        throw new ApiError("IMAGE_UNAVAILABLE", error.message);
      }
    },
  },
];
