import { CSRF_STORAGE_KEY } from "../../shared/constants";

export const CSRF_HEADER = "x-csrf-token";

function stored(): string | null {
  try {
    return sessionStorage.getItem(CSRF_STORAGE_KEY);
  } catch {
    return null;
  }
}

let pending: Promise<string> | null = null;

/** The server-issued token, kept in sessionStorage under `csrf_token` (the seed's key). */
export function csrfToken(options: { refresh?: boolean } = {}): Promise<string> {
  const current = stored();
  if (current && !options.refresh) return Promise.resolve(current);
  pending ??= fetch("/api/csrf", { credentials: "same-origin", headers: { accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`csrf ${response.status}`);
      const { token } = (await response.json()) as { token: string };
      try {
        sessionStorage.setItem(CSRF_STORAGE_KEY, token);
      } catch {
        // Storage unavailable: the token still travels with this page's requests.
      }
      return token;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function hasStoredCsrfToken(): boolean {
  return Boolean(stored());
}
