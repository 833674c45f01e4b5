import { and, eq, isNull } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { RESEND_COOLDOWN_SECONDS, emailOnlyRequest } from "../../shared/auth-schemas";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { emailLink } from "../db/schema/auth";
import { clientIp } from "../security/client-ip";
import { takeCooldown } from "../security/cooldown";
import { CLIENT_IP_HEADER, hashToken, type Auth } from "./auth";

export type LinkKind = "confirm" | "reset";
export type LinkProblem = "expired" | "used" | "invalid";

/** Far above any form of ours; a bigger body is refused before anything parses it. */
export const AUTH_BODY_LIMIT_BYTES = 64 * 1024;

export const linkExpiredPath = (link: LinkKind, reason: LinkProblem) => `/link-expired?link=${link}&reason=${reason}`;

/**
 * Better Auth, mounted at /api/auth, with what it lacks for us around it:
 * single-use confirmation links, a per-address resend cooldown, the client address
 * taken from the socket, readable 429s, and failed links sent to /link-expired.
 */
export function authRoutes({ auth, db, config }: { auth: Auth; db: Database; config: Config }) {
  async function forward(c: Context, body?: string): Promise<Response> {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.TRUSTED_PROXIES));
    const init: RequestInit = { method: c.req.method, headers };
    if (c.req.method !== "GET" && c.req.method !== "HEAD") init.body = body ?? (await c.req.raw.text());
    const response = await auth.handler(new Request(c.req.raw.url, init));
    return readable(response);
  }

  return new Hono()
    .use(
      bodyLimit({
        maxSize: AUTH_BODY_LIMIT_BYTES,
        onError: (c) => c.json({ message: "The request is too large.", code: "PAYLOAD_TOO_LARGE" }, 413),
      }),
    )
    .get("/verify-email", async (c) => {
      const token = c.req.query("token");
      if (!token) return c.redirect(linkExpiredPath("confirm", "invalid"));
      const now = new Date();
      const tokenHash = hashToken(token);
      // Claiming the link is one atomic update: of two concurrent clicks, one wins.
      const [claimed] = await db
        .update(emailLink)
        .set({ usedAt: now })
        .where(and(eq(emailLink.tokenHash, tokenHash), isNull(emailLink.usedAt)))
        .returning();
      if (!claimed) {
        const [known] = await db.select({ usedAt: emailLink.usedAt }).from(emailLink).where(eq(emailLink.tokenHash, tokenHash));
        return c.redirect(linkExpiredPath("confirm", known ? "used" : "invalid"));
      }
      if (claimed.expiresAt <= now) return c.redirect(linkExpiredPath("confirm", "expired"));
      const response = await forward(c);
      if (response.status >= 300 && response.status < 400 && !response.headers.get("location")?.includes("/link-expired")) {
        // Confirmed: every other confirmation link of this user is spent too.
        await db
          .update(emailLink)
          .set({ usedAt: now })
          .where(and(eq(emailLink.userId, claimed.userId), isNull(emailLink.usedAt)));
      }
      return response;
    })
    .post("/send-verification-email", async (c) => {
      const raw = await c.req.raw.text();
      const parsed = emailOnlyRequest.safeParse(safeJson(raw));
      if (parsed.success) {
        const cooldown = await takeCooldown(db, `resend-confirmation:${parsed.data.email}`, RESEND_COOLDOWN_SECONDS);
        if (!cooldown.allowed) return tooManyRequests(cooldown.retryAfterSeconds);
      }
      // Invalid bodies fall through to Better Auth's validation hook for the readable 400.
      return forward(c, raw);
    })
    .all("/*", (c) => forward(c));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function tooManyRequests(retryAfterSeconds: number): Response {
  return Response.json(
    {
      message: `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`,
      code: "RATE_LIMITED",
      retryAfter: retryAfterSeconds,
    },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/** Turns Better Auth's terse answers into the ones our screens expect. */
async function readable(response: Response): Promise<Response> {
  if (response.status === 429) {
    const seconds = Number.parseInt(response.headers.get("x-retry-after") ?? "60", 10);
    return tooManyRequests(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
  }
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
