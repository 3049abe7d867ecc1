import { expect } from "vitest";
import { POST as createUploadRoute } from "@/app/api/memories/uploads/route";
import { PUT as storagePut } from "@/app/api/storage/[...key]/route";
import { call, ORIGIN } from "./api";

// The browser's presigned upload path, as the API tests drive it: ask for an upload ticket, then
// send the file where and how the ticket says (the local driver's route, or the S3 server).

export type UploadTicket = {
  id: string;
  url: string;
  method: "PUT" | "POST";
  headers: Record<string, string>;
  fields: Record<string, string>;
  expires_at: string;
};

export function requestUpload(token: string, fileName: string, size: number, contentType = "image/jpeg") {
  return call<{ upload: UploadTicket }>(createUploadRoute, "/api/memories/uploads", { token, body: { file_name: fileName, content_type: contentType, size } });
}

/** Sends the bytes as the ticket says: PUT with its headers, or POST with its fields then the file. */
export async function sendToStorage(upload: UploadTicket, bytes: Buffer, contentType = "image/jpeg"): Promise<Response> {
  const target = new URL(upload.url, ORIGIN);
  if (upload.method === "PUT") {
    const init = { method: "PUT", headers: upload.headers, body: new Uint8Array(bytes) };
    if (target.origin !== ORIGIN) return fetch(target, init);
    // The local driver's URLs are served by the app's own route.
    const key = target.pathname.replace(/^\/api\/storage\//, "").split("/");
    return storagePut(new Request(target, init), { params: Promise.resolve({ key }) });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: contentType }), "photo");
  return fetch(target, { method: "POST", headers: upload.headers, body: form });
}

/** Asks for a ticket and sends the photo; answers the upload id for `uploadIds`. */
export async function uploadPhoto(token: string, fileName: string, bytes: Buffer, contentType = "image/jpeg") {
  const ticket = await requestUpload(token, fileName, bytes.length, contentType);
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const sent = await sendToStorage(ticket.body.data.upload, bytes, contentType);
  expect(sent.ok, `storage answered ${sent.status}`).toBe(true);
  return ticket.body.data.upload.id;
}
