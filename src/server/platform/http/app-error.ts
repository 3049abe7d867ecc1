// One error type for everything a request can refuse. The route wrapper turns it into the
// { success: false, data: null, error } envelope with the status below.

export const statusByCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof statusByCode;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status() {
    return statusByCode[this.code];
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
