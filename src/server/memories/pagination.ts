import { UUID_PATTERN } from "@/lib/schemas/auth";
import { AppError } from "@/server/http/app-error";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export type PageRequest = { limit?: string | number | null; cursor?: string | null };

/** `limit` (1–100, default 20) and `cursor` (the id of the last memory already shown). */
export function readPage(page: PageRequest) {
  let limit = DEFAULT_PAGE_SIZE;
  if (page.limit !== undefined && page.limit !== null && page.limit !== "") {
    limit = Number(page.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      throw new AppError("BAD_REQUEST", `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
  }
  const cursor = page.cursor || undefined;
  if (cursor && !UUID_PATTERN.test(cursor)) throw new AppError("BAD_REQUEST", "cursor is not valid");
  return { limit, cursor };
}

export function pageFrom(url: string): PageRequest {
  const params = new URL(url).searchParams;
  return { limit: params.get("limit"), cursor: params.get("cursor") };
}
