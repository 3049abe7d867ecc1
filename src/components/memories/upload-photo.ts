import { apiRequest } from "@/lib/api-client";

// The browser's half of the presigned upload: ask Family Book where to put the photo, then send
// the file straight to storage with progress. The server checks the bytes when the memory is saved.

type UploadTicket = { id: string; url: string; method: "PUT"; headers: Record<string, string> };

export async function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const contentType = file.type || "application/octet-stream";
  const ticket = await apiRequest<{ upload: UploadTicket }>("/memories/uploads", {
    json: { file_name: file.name, content_type: contentType, size: file.size },
  });
  if (!ticket.ok) throw new Error(ticket.error);
  const { upload } = ticket.data;
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(upload.method, upload.url);
    for (const [name, value] of Object.entries(upload.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(`Uploading ${file.name} failed.`)));
    request.onerror = () => reject(new Error(`Uploading ${file.name} failed. Please check your connection.`));
    request.send(file);
  });
  onProgress(1);
  return upload.id;
}
