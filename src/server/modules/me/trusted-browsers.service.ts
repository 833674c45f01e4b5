import { and, desc, eq, gt, like } from "drizzle-orm";
import { verification } from "../../db/schema/auth";
import { notFound } from "../../lib/app-error";
import { audit } from "../audit";
import type { TListTrustedBrowsersResponse } from "../../../shared/me";
import type { ActorContext } from "../../context/service-context";

/*
 * Better Auth's twoFactor plugin (1.7) keeps each browser that ticked "Trust this device" as a
 * `verification` row (identifier `trust-device-<random>`, value the user's id, expiring after 30
 * days), named in the signed `trust_device` cookie, looked up at every password sign-in and replaced
 * by a new one each time. Forgetting a browser is deleting its row: its cookie then names nothing,
 * and its next sign-in asks for the code (ADR 0027).
 */
const TRUST_PREFIX = "trust-device-";
const TRUST_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.trust_device=([^;]+)/;

/** The identifier the request's trust cookie names ("<hmac>!trust-device-…" then its signature), if any. */
export function trustedIdentifierOf(cookieHeader: string | undefined): string | null {
  const raw = TRUST_COOKIE.exec(cookieHeader ?? "")?.[1];
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  const identifier = value.slice(value.indexOf("!") + 1, value.lastIndexOf("."));
  return identifier.startsWith(TRUST_PREFIX) ? identifier : null;
}

const trustedRowsOf = (userId: string, now: Date) =>
  and(
    like(verification.identifier, `${TRUST_PREFIX}%`),
    eq(verification.value, userId),
    gt(verification.expiresAt, now),
  );

/** The browsers that skip the signed-in person's second factor, newest sign-in first. */
export async function listTrustedBrowsers(
  ctx: ActorContext,
  input: { cookie?: string },
): Promise<TListTrustedBrowsersResponse> {
  const current = trustedIdentifierOf(input.cookie);
  const rows = await ctx.db
    .select()
    .from(verification)
    .where(trustedRowsOf(ctx.actor.id, ctx.now))
    .orderBy(desc(verification.createdAt));
  return {
    browsers: rows.map((row) => ({
      id: row.id,
      lastSignInAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      thisBrowser: row.identifier === current,
    })),
  };
}

/**
 * Forgets one trusted browser (`id`) or all of the person's: each asks for the code at its next
 * sign-in. Sessions open there stay open (the sessions list ends them). Audited with the deletion.
 */
export async function forgetTrustedBrowsers(ctx: ActorContext, input: { id?: string }) {
  return ctx.transaction(async (tx) => {
    const where = input.id
      ? and(trustedRowsOf(tx.actor.id, tx.now), eq(verification.id, input.id))
      : trustedRowsOf(tx.actor.id, tx.now);
    const gone = await tx.db.delete(verification).where(where).returning({ id: verification.id });
    if (input.id && gone.length === 0) throw notFound("There is no such trusted browser on your account.");
    if (gone.length === 0) return { forgotten: 0 };
    await audit(tx, {
      action: "user.trusted_browsers_forgotten",
      objectType: "user",
      objectId: tx.actor.id,
      summary:
        gone.length === 1
          ? `${tx.actor.email} forgot a trusted browser: it asks for the second factor again`
          : `${tx.actor.email} forgot ${gone.length} trusted browsers: they ask for the second factor again`,
      after: { forgotten: gone.length },
    });
    return { forgotten: gone.length };
  });
}
