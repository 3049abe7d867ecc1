import "server-only";
import { Readable } from "node:stream";
import busboy from "busboy";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_MEMORY } from "@/lib/constants";
import { fileTooLarge, TOO_MANY_PHOTOS } from "@/lib/schemas/memories";
import { TOO_MANY_ANSWER_PHOTOS } from "@/lib/schemas/questionnaires";
import { AppError } from "@/server/platform/http/app-error";
import { parseBoundedJson } from "@/server/platform/http/bounded-json";
import { BodyTooLargeError, readBodyChunks } from "@/server/platform/http/read-body";
import type { IncomingFile, IncomingPhotos } from "./read-incoming-photos";

// The multipart payloads of a memory. Create: title, content, memory_date, is_shared (text),
// taggedUserIds (repeated), photos (files). Update: the same, all optional, with taggedUserIds,
// photoIdsToDelete and tagIdsToDelete as JSON lists. Either may name photos already uploaded to storage as
// uploadIds (repeated, or one JSON list).
//
// The form is parsed as it streams in (docs/decisions/007-bounded-requests.md): each photo is
// held only up to 5 MB and at most 5 are taken, the text fields are bounded, and the whole
// body is capped, so a request is refused the moment it goes past any of these.

/** Five photos of 5 MB, the text fields and the multipart framing around them. */
export const MEMORY_FORM_MAX_BYTES = MAX_PHOTOS_PER_MEMORY * MAX_PHOTO_BYTES + 1024 * 1024;
const FIELD_MAX_BYTES = 128 * 1024;
const FORM_UNREADABLE = "The form could not be read. Please try again.";
const FILE_NAME_UNREADABLE = "A photo's file name contains characters that cannot be used. Please rename the photo and try again.";

export type MemoryForm = { fields: Map<string, string[]>; files: IncomingFile[] };

/** Reads a memory's form, or (`what`: "photos") the form that adds photos to an answer, by the same rules. */
export async function readMemoryForm(request: Request, what: "memory" | "photos" = "memory"): Promise<MemoryForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(contentType)) {
    throw new AppError("BAD_REQUEST", `Send the ${what === "memory" ? "memory" : "photos"} as a multipart form (Content-Type: multipart/form-data).`);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS_PER_MEMORY, fieldSize: FIELD_MAX_BYTES, fields: 300, parts: 310 },
    });
  } catch {
    throw new AppError("BAD_REQUEST", FORM_UNREADABLE);
  }

  return new Promise<MemoryForm>((resolve, reject) => {
    const fields = new Map<string, string[]>();
    const files: IncomingFile[] = [];
    const source = Readable.from(readBodyChunks(request, MEMORY_FORM_MAX_BYTES));
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError("BAD_REQUEST", `${name} is too long.`, { [name]: [`${name} is too long.`] }));
      const values = fields.get(name) ?? [];
      values.push(value);
      fields.set(name, values);
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "photos") {
        stream.resume();
        return;
      }
      const fileName = info.filename || "photo";
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(new BodyTooLargeError(fileTooLarge(fileName), { photos: [fileTooLarge(fileName)] })));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        // A file input left empty still sends an empty part.
        if (bytes.length > 0) files.push({ fileName, bytes });
      });
    });
    const tooMany = what === "memory" ? TOO_MANY_PHOTOS : TOO_MANY_ANSWER_PHOTOS;
    parser.on("filesLimit", () => fail(new AppError("BAD_REQUEST", tooMany, { photos: [tooMany] })));
    parser.on("fieldsLimit", () => fail(new AppError("BAD_REQUEST", "The form has too many fields.")));
    parser.on("partsLimit", () => fail(new AppError("BAD_REQUEST", "The form has too many fields.")));
    parser.on("error", (error: Error) => {
      // Browsers write whatever a photo is called into its part's header; the one thing in a
      // header that people choose, so a header that cannot be read is put down to the file name.
      if (/malformed part header/i.test(error.message)) return fail(new AppError("BAD_REQUEST", FILE_NAME_UNREADABLE, { photos: [FILE_NAME_UNREADABLE] }));
      fail(new AppError("BAD_REQUEST", FORM_UNREADABLE));
    });
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    source.on("error", (error) => fail(error instanceof BodyTooLargeError ? error : new AppError("BAD_REQUEST", FORM_UNREADABLE)));
    source.pipe(parser);
  });
}

const text = (form: MemoryForm, name: string) => form.fields.get(name)?.[0];

/** A list sent either as repeated fields or as one JSON array. */
function list(form: MemoryForm, name: string): string[] | undefined {
  const values = form.fields.get(name);
  if (!values) return undefined;
  if (values.length === 1 && values[0]!.trim().startsWith("[")) {
    let parsed: unknown;
    try {
      // A list of ids is one level deep; anything nested deeper is refused before it is parsed.
      parsed = parseBoundedJson(values[0]!, { maxDepth: 1 });
    } catch {
      throw new AppError("BAD_REQUEST", `${name} must be a JSON list of ids`, { [name]: [`${name} must be a JSON list of ids`] });
    }
    if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== "string")) {
      throw new AppError("BAD_REQUEST", `${name} must be a JSON list of ids`, { [name]: [`${name} must be a JSON list of ids`] });
    }
    return parsed as string[];
  }
  return values.filter((value) => value.trim() !== "");
}

function incomingPhotos(form: MemoryForm): IncomingPhotos {
  return { files: form.files, uploadIds: list(form, "uploadIds") ?? [] };
}

export function createFields(form: MemoryForm) {
  return {
    fields: {
      title: text(form, "title"),
      content: text(form, "content"),
      memory_date: text(form, "memory_date"),
      is_shared: text(form, "is_shared"),
      taggedUserIds: list(form, "taggedUserIds"),
    },
    photos: incomingPhotos(form),
  };
}

export function updateFields(form: MemoryForm) {
  const { fields, photos } = createFields(form);
  return { fields: { ...fields, photoIdsToDelete: list(form, "photoIdsToDelete"), tagIdsToDelete: list(form, "tagIdsToDelete") }, photos };
}
