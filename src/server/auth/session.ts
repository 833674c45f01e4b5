import { createMiddleware } from "hono/factory";
import type { Auth } from "./auth";

type SessionResult = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type SessionUser = SessionResult["user"];
export type SessionData = SessionResult["session"];

export interface AuthVariables {
  user: SessionUser;
  session: SessionData;
}

/** Refuses the request with 401 unless it carries a live session; exposes user and session. */
export const requireSession = (auth: Auth) =>
  createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) return c.json({ message: "Please sign in to continue." }, 401);
    c.set("user", result.user);
    c.set("session", result.session);
    await next();
  });

/** Staff-only data: a signed-in client gets 403, whatever the UI shows. */
export const requireStaff = createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
  if (c.get("user").role !== "admin") return c.json({ message: "This area is for agency staff only." }, 403);
  await next();
});
