import { passedSecondFactor, secondFactorDemand } from "../../shared/second-factor";
import { activeView } from "../context/active-view";
import { companyScope, findMembership } from "../context/company-scope";
import { AppError } from "../lib/app-error";
import { createIngestKeyAuthenticator, INVALID_INGEST_KEY } from "../modules/ingest-keys";
import { requestSession, type SessionDeps } from "./request-session";
import type { AccessGuards, AppEnv } from "./app-env";
import type { Access } from "../../shared/access";
import type { SessionData, SessionUser } from "../auth/session";
import type { Context, MiddlewareHandler, Next } from "hono";

export const SECOND_FACTOR_REQUIRED_MESSAGE =
  "Set up a second factor (an authenticator app or a passkey) in your account, or sign in with your passkey, before using the staff area.";
export const COMPANY_SECOND_FACTOR_REQUIRED_MESSAGE =
  "Your company requires a second factor: set up an authenticator app or a passkey in your account, or sign in with your passkey, before continuing.";

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const INGEST_CHALLENGE = { "WWW-Authenticate": 'Bearer realm="cogwork-runs"' };

/**
 * Staff reach every client's data through the member and owner endpoints too (scope: all, or a
 * viewed company), and a company's owner may require a second factor of its members: until they
 * pass one, only their account, sign-out and factor set-up (signedIn) are open (ADR 0027).
 * The membership is kept with the session, so a warm check reads nothing.
 */
async function requireSecondFactorWhereDemanded(deps: SessionDeps, user: SessionUser, session: SessionData) {
  if (passedSecondFactor(user, session)) return;
  const membership =
    user.role === "admin"
      ? null
      : await deps.sessions.remember(user.id, "membership", () => findMembership(deps.db, user.id));
  const demand = secondFactorDemand(user, session, membership);
  if (demand === "staff") throw new AppError("SECOND_FACTOR_REQUIRED", SECOND_FACTOR_REQUIRED_MESSAGE);
  if (demand === "company") throw new AppError("SECOND_FACTOR_REQUIRED", COMPANY_SECOND_FACTOR_REQUIRED_MESSAGE);
}

/** The one place where each access level is enforced; endpoints only declare theirs. */
export function createAccessGuards(deps: SessionDeps): AccessGuards {
  const { db } = deps;
  const authenticateIngestKey = createIngestKeyAuthenticator(db);
  const signIn = async (c: Context<AppEnv>, { secondFactorPolicy = true } = {}) => {
    const result = await requestSession(c, deps);
    if (!result) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    if (secondFactorPolicy) await requireSecondFactorWhereDemanded(deps, result.user, result.session);
    c.set("user", result.user);
    c.set("session", result.session);
    // Staff viewing a client company: member and owner endpoints answer as for that company.
    const view = activeView(result.user, result.session);
    c.set("view", view);
    return { user: result.user, view };
  };

  return {
    public: async (_c, next) => next(),
    signedIn: async (c, next) => {
      await signIn(c, { secondFactorPolicy: false });
      await next();
    },
    member: async (c, next) => {
      const { user, view } = await signIn(c);
      c.set(
        "scope",
        view
          ? { all: false, companyId: view.companyId, viewing: true }
          : await deps.sessions.remember(user.id, `scope:${user.role}`, () => companyScope(db, user)),
      );
      await next();
    },
    owner: async (c, next) => {
      const { user, view } = await signIn(c);
      if (view) {
        // Read-only: the writes among these are refused at the API root (http/read-only-view.ts).
        c.set("companyId", view.companyId);
        return next();
      }
      const membership = await findMembership(db, user.id);
      if (!membership) throw new AppError("NOT_FOUND", "Your account does not belong to a client company.");
      if (membership.role !== "owner") throw new AppError("FORBIDDEN", "Only the owner of the company can do this.");
      c.set("companyId", membership.companyId);
      await next();
    },
    staff: async (c, next) => {
      const { user } = await signIn(c);
      // Staff can read and act for every client: a password alone is not enough (ADR 0027, in signIn).
      if (user.role !== "admin") throw new AppError("FORBIDDEN", "This area is for agency staff only.");
      await next();
    },
    ingest: async (c, next) => {
      const match = BEARER.exec(c.req.header("authorization") ?? "");
      if (!match?.[1]) {
        throw new AppError(
          "UNAUTHORIZED",
          "Send the automation's ingest key in the header Authorization: Bearer <key>.",
          { headers: INGEST_CHALLENGE },
        );
      }
      // The key's rate and whether it is still valid are checked in the ingest transaction.
      const ingest = await authenticateIngestKey(match[1]);
      if (!ingest) throw new AppError("UNAUTHORIZED", INVALID_INGEST_KEY, { headers: INGEST_CHALLENGE });
      c.set("ingest", ingest);
      await next();
    },
  };
}

/** The guard an endpoint declares; the guards themselves are put on the request by the API root. */
export const requireAccess =
  (access: Access): MiddlewareHandler<AppEnv> =>
  (c: Context<AppEnv>, next: Next) =>
    c.get("guards")[access](c, next);
