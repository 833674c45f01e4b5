export type LinkKind = "confirm" | "reset";
export type LinkProblem = "expired" | "used" | "invalid";

export const linkExpiredPath = (link: LinkKind, reason: LinkProblem) => `/link-expired?link=${link}&reason=${reason}`;

/** The wait Better Auth's limiter asks for. */
export function retryAfterOf(response: Response): number {
  const seconds = Number.parseInt(response.headers.get("x-retry-after") ?? "60", 10);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}

/** Turns Better Auth's terse answers into the ones our screens expect. */
export async function readable(response: Response): Promise<Response> {
  const location = response.headers.get("location");
  if (location && response.status >= 300 && response.status < 400) {
    const target = new URL(location, "http://local");
    const error = target.searchParams.get("error");
    if (error) {
      const link: LinkKind = target.pathname.startsWith("/reset-password") ? "reset" : "confirm";
      const reason: LinkProblem = error === "TOKEN_EXPIRED" ? "expired" : "invalid";
      const headers = new Headers(response.headers);
      headers.set("location", linkExpiredPath(link, reason));
      return new Response(null, { status: 302, headers });
    }
  }
  if (response.status >= 400 && response.status < 500) return withMessage(response);
  return response;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: "The request is not valid.",
  401: "Please sign in to continue.",
  403: "You are not allowed to do this.",
  404: "Not found.",
};

/** Some of Better Auth's refusals have an empty body; every one of ours says what went wrong. */
async function withMessage(response: Response): Promise<Response> {
  const text = await response.clone().text();
  let body: unknown = {};
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      return response;
    }
  }
  const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (typeof fields.message === "string" && fields.message.trim()) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const message = FALLBACK_MESSAGES[response.status] ?? "The request could not be completed.";
  return new Response(JSON.stringify({ ...fields, message }), { status: response.status, headers });
}
