import { CSRF_STORAGE_KEY } from "../../shared/constants";

export const CSRF_HEADER = "x-csrf-token";

/** The server-issued token, kept in sessionStorage under `csrf_token` (the seed's key). */
export function storedCsrfToken(): string | null {
  try {
    return sessionStorage.getItem(CSRF_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeCsrfToken(token: string): string {
  try {
    sessionStorage.setItem(CSRF_STORAGE_KEY, token);
  } catch {
    // Storage unavailable: the token still travels with this page's requests.
  }
  return token;
}

export function hasStoredCsrfToken(): boolean {
  return Boolean(storedCsrfToken());
}
