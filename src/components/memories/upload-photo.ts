import { SessionEndedError } from "@/components/forms/signed-out-draft";
import { apiRequest } from "@/lib/api-client";

// The browser's half of the presigned upload: ask Family Book where to put the photo, then send
// the file straight to storage with progress, the way the ticket says (docs/api.md): a PUT of the
// file with the ticket's headers (local storage), or a multipart POST of the ticket's fields and
// then the file (S3). The server checks the bytes when the memory is saved.

type UploadTicket = {
  id: string;
  url: string;
  method: "PUT" | "POST";
  headers: Record<string, string>;
  fields?: Record<string, string>;
};

const NOT_SAVED_YET = "Your memory has not been saved yet, and everything you entered is still here. Please try again.";

/** The storage could not be reached, or the browser blocked the request (a bucket without CORS). */
export const storageUnreachable = (fileName: string) => `Could not upload ${fileName}: the photo storage could not be reached. ${NOT_SAVED_YET}`;
/** The storage answered, but not with a success. */
export const storageRefused = (fileName: string, status: number) =>
  `Could not upload ${fileName}: the photo storage refused it (error ${status}). ${NOT_SAVED_YET}`;

/** A photo that did not reach storage; the message names the file and says what to do. */
export class PhotoUploadError extends Error {
  override name = "PhotoUploadError";

  constructor(
    readonly fileName: string,
    message: string,
  ) {
    super(message);
  }
}

export async function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const contentType = file.type || "application/octet-stream";
  const ticket = await apiRequest<{ upload: UploadTicket }>("/memories/uploads", {
    json: { file_name: file.name, content_type: contentType, size: file.size },
  });
  if (!ticket.ok && ticket.status === 401) throw new SessionEndedError(ticket.error);
  if (!ticket.ok) throw new PhotoUploadError(file.name, ticket.error);
  const { upload } = ticket.data;
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(upload.method, upload.url);
    for (const [name, value] of Object.entries(upload.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new PhotoUploadError(file.name, storageRefused(file.name, request.status)));
    // A network failure and a request the browser blocked look the same from here.
    request.onerror = () => reject(new PhotoUploadError(file.name, storageUnreachable(file.name)));
    request.onabort = request.onerror;
    if (upload.method === "POST") {
      // S3 reads the policy fields first and takes the file from the last part, named "file".
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields ?? {})) form.append(name, value);
      form.append("file", file);
      request.send(form);
    } else {
      request.send(file);
    }
  });
  onProgress(1);
  return upload.id;
}
