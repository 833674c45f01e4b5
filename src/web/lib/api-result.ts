import { ApiError } from "./api";

/** Awaits a call and gives back its error (for forms that show it) or null. */
export async function apiErrorOrNull(call: Promise<unknown>): Promise<ApiError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    return error instanceof ApiError ? error : new ApiError("Something went wrong. Please try again.", 0);
  }
}
