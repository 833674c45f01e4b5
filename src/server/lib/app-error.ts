/**
 * The one way a service says a request cannot be done. Each code maps to one HTTP status
 * (in `httpStatusOf`), and the message is written for the person who sent the request.
 * Services throw it; the app's error handler turns it into `{ message, code, fields? }`.
 */
export const APP_ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  /** Staff (or members of a company that asks for it) without a second factor yet. */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export interface AppErrorOptions {
  /** Field-level messages, keyed by the field's path ("email", "lines.0.amount"). */
  fields?: Record<string, string>;
  /** Seconds to wait before trying again (RATE_LIMITED, UNAVAILABLE): sent as Retry-After. */
  retryAfterSeconds?: number;
  /** A more specific reason the web app can act on (e.g. "expired", "not-owner"). */
  reason?: string;
  /** Headers the answer carries, e.g. WWW-Authenticate (Retry-After comes from retryAfterSeconds). */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
  }

  get status() {
    return APP_ERROR_STATUS[this.code];
  }

  /** The response body: today's shape `{ message, code, fields?, reason?, retryAfter? }`. */
  toBody() {
    const { fields, retryAfterSeconds, reason } = this.options;
    return {
      message: this.message,
      code: this.code,
      ...(fields ? { fields } : {}),
      ...(reason ? { reason } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfter: retryAfterSeconds } : {}),
    };
  }

  /** The whole answer: its status, body and headers. */
  toResponse(): Response {
    const { retryAfterSeconds, headers } = this.options;
    return Response.json(this.toBody(), {
      status: this.status,
      headers: { ...headers, ...(retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : {}) },
    });
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
export const conflict = (message: string, reason?: string) => new AppError("CONFLICT", message, { reason });
