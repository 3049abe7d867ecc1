import "server-only";
import { AppError } from "@/server/http/app-error";
import type { IncomingPhotos } from "./read-incoming-photos";

// The multipart payloads of SPEC §3. Create: title, content, memory_date, is_shared (text),
// taggedUserIds (repeated), photos (files). Update: the same, all optional, with taggedUserIds
// and photoIdsToDelete as JSON lists. Either may name photos already uploaded to storage as
// uploadIds (repeated, or one JSON list).

export async function readMemoryForm(request: Request) {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(contentType)) {
    throw new AppError("BAD_REQUEST", "Send the memory as a multipart form (Content-Type: multipart/form-data).");
  }
  try {
    return await request.formData();
  } catch {
    throw new AppError("BAD_REQUEST", "The form could not be read. Please try again.");
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** A list sent either as repeated fields or as one JSON array. */
function list(form: FormData, name: string): string[] | undefined {
  if (!form.has(name)) return undefined;
  const values = form.getAll(name).filter((value): value is string => typeof value === "string");
  if (values.length === 1 && values[0]!.trim().startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values[0]!);
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

function incomingPhotos(form: FormData): IncomingPhotos {
  const files = form
    .getAll("photos")
    .filter((value): value is File => typeof value !== "string" && value.size > 0);
  return { files, uploadIds: list(form, "uploadIds") ?? [] };
}

export function createFields(form: FormData) {
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

export function updateFields(form: FormData) {
  const { fields, photos } = createFields(form);
  return { fields: { ...fields, photoIdsToDelete: list(form, "photoIdsToDelete") }, photos };
}
