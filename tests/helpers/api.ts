import { randomBytes } from "node:crypto";
import { PEER_ADDRESS_HEADER } from "@/server/platform/http/request-info";

// Calls route handlers the way Next does, with a real Request, and reads the envelope back.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route handlers differ in their params type
type Handler = (request: Request, context: { params: Promise<any> }) => Response | Promise<Response>;

export type CallOptions = {
  method?: string;
  body?: unknown;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
  /** The address the caller connects from (as the production entry records it); each call gets its own by default. */
  address?: string;
};

export type ApiResult<Data = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  body: { success: boolean; data: Data; error: string | null; fieldErrors?: Record<string, string[]> };
};

export const ORIGIN = "http://localhost:3000";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the envelope holds
export async function call<Data = Record<string, any>>(handler: Handler, path: string, options: CallOptions = {}): Promise<ApiResult<Data>> {
  const headers = new Headers(options.headers);
  headers.set("host", "localhost:3000");
  headers.set(PEER_ADDRESS_HEADER, options.address ?? randomAddress());
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: BodyInit | undefined;
  // A form (multipart or URL-encoded) is sent as it is, with the content type the platform gives it.
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) body = options.body;
  // Bytes (a recording) go as they are, with the headers the caller gives.
  else if (options.body instanceof Uint8Array) body = new Uint8Array(options.body);
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const request = new Request(`${ORIGIN}${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

export function randomAddress() {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export function uniqueEmail(label = "member") {
  return `${label}.${Date.now().toString(36)}${randomBytes(3).toString("hex")}@example.test`;
}

export function cookieFrom(result: { headers: Headers }, name: string) {
  const cookie = result.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  return cookie?.split(";")[0];
}
