import { z } from "zod";
import { MAX_PHOTO_BYTES } from "@/lib/constants";
import { UPLOAD_LINK_USED } from "@/server/memories/assert-upload-pending";
import type { Operation } from "./operation";

// The local storage driver's signed photo links (docs/decisions/002-photo-storage.md).

const signature = { expires: z.string().meta({ description: "Seconds since 1970 when the link stops working." }), signature: z.string() };

export const storageOperations: Operation[] = [
  {
    method: "get",
    path: "/storage/{key}",
    tag: "Storage",
    summary: "A photo, through a signed link the API handed out (local storage only)",
    description: "`key` spans several path segments. The same link for every read within half an hour, so browsers can cache the photos.",
    access: "public",
    params: z.object({ key: z.string() }),
    query: z.object(signature),
    answer: { status: 200, description: "The photo.", media: "image/*", headers: { "Cache-Control": "private, until the link expires" } },
    refusals: { 403: '"This link is not valid." (tampered) or "This link has expired."', 404: "No such photo, or photos are kept in S3." },
  },
  {
    method: "put",
    path: "/storage/{key}",
    tag: "Storage",
    summary: "Send one photo to a signed upload link (local storage only)",
    description: "Send the file as the body, with exactly the headers of the upload ticket (its Content-Type).",
    access: "public",
    params: z.object({ key: z.string() }),
    query: z.object({ ...signature, max: z.string().meta({ description: "The most bytes the link takes." }) }),
    body: { media: "image/*", maxBytes: MAX_PHOTO_BYTES },
    answer: { status: 200, description: "Stored." },
    refusals: {
      403: `"This link is not valid." (tampered, including a changed max or Content-Type), "This link has expired.", or "${UPLOAD_LINK_USED}"`,
      404: "Photos are kept in S3: send the upload as the ticket's POST instead.",
      413: '"Photos can be at most 5MB."',
    },
  },
];
