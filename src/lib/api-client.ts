// The browser's way to call /api. Every answer is the { success, data, error } envelope; a
// failure carries the server's message, else "HTTP error! status: N" (docs/product.md §8), else a network
// message. The session travels in the httpOnly cookie, never in script-readable storage.

export type ApiSuccess<Data> = { ok: true; status: number; data: Data };
export type ApiFailure = { ok: false; status: number; error: string; fieldErrors?: Record<string, string[]> };
export type ApiResult<Data> = ApiSuccess<Data> | ApiFailure;

export const NETWORK_ERROR = "Could not reach Family Book. Please check your connection and try again.";

export async function apiRequest<Data>(
  path: string,
  options: { method?: string; json?: unknown; formData?: FormData; bytes?: Blob; signal?: AbortSignal } = {},
): Promise<ApiResult<Data>> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.formData) {
    body = options.formData;
  } else if (options.bytes) {
    headers["Content-Type"] = "application/octet-stream";
    body = options.bytes;
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  const envelope = (await response.json().catch(() => null)) as {
    success?: boolean;
    data?: Data;
    error?: string | null;
    fieldErrors?: Record<string, string[]>;
  } | null;
  if (response.ok && envelope?.success) return { ok: true, status: response.status, data: envelope.data as Data };
  return {
    ok: false,
    status: response.status,
    error: envelope?.error || `HTTP error! status: ${response.status}`,
    fieldErrors: envelope?.fieldErrors,
  };
}
