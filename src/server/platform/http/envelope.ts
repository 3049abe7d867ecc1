import type { FieldErrors } from "./app-error";

// Every /api answer: { success, data, error } (docs/product.md §7). fieldErrors is added for invalid input.

export type Envelope<Data> = { success: true; data: Data; error: null } | { success: false; data: null; error: string; fieldErrors?: FieldErrors };

export function ok<Data>(data: Data, init?: ResponseInit) {
  return Response.json({ success: true, data, error: null } satisfies Envelope<Data>, init);
}

export function failure(status: number, error: string, options: { fieldErrors?: FieldErrors; headers?: HeadersInit } = {}) {
  const body: Envelope<never> = { success: false, data: null, error };
  if (options.fieldErrors) body.fieldErrors = options.fieldErrors;
  return Response.json(body, { status, headers: options.headers });
}
