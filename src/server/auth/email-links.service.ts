import { and, eq, inArray, isNull } from "drizzle-orm";
import { emailLink, session } from "../db/schema/auth";
import { sha256Hex } from "../lib/sha256";
import type { Database } from "../db/client";

export type ClaimedEmailLink = typeof emailLink.$inferSelect;
export type EmailLinkPurpose = ClaimedEmailLink["purpose"];

/**
 * Records a confirmation link by its token's hash. The token is a JWT with times in whole
 * seconds, so two links made for one user within a second are the same link: keep its row.
 */
export async function recordConfirmationLink(
  db: Pick<Database, "insert">,
  link: { token: string; userId: string; expiresAt: Date; purpose?: EmailLinkPurpose },
): Promise<void> {
  await db
    .insert(emailLink)
    .values({
      tokenHash: sha256Hex(link.token),
      userId: link.userId,
      purpose: link.purpose ?? "confirm-email",
      expiresAt: link.expiresAt,
    })
    .onConflictDoNothing({ target: emailLink.tokenHash });
}

/**
 * Claims a link as used at `now`, in one atomic update: of two concurrent clicks, one wins.
 * Returns the claimed link, or why it could not be claimed (spent before, or never issued).
 */
export async function claimEmailLink(
  db: Database,
  token: string,
  now: Date,
  purposes: EmailLinkPurpose[] = ["confirm-email", "change-email"],
): Promise<{ claimed: ClaimedEmailLink } | { problem: "used" | "invalid" }> {
  const tokenHash = sha256Hex(token);
  const mine = and(eq(emailLink.tokenHash, tokenHash), inArray(emailLink.purpose, purposes));
  const [claimed] = await db
    .update(emailLink)
    .set({ usedAt: now })
    .where(and(mine, isNull(emailLink.usedAt)))
    .returning();
  if (claimed) return { claimed };
  const [known] = await db.select({ usedAt: emailLink.usedAt }).from(emailLink).where(mine);
  return { problem: known ? "used" : "invalid" };
}

/**
 * Gives back a link claimed at `usedAt` whose request was then refused before it did anything
 * (a callbackURL that is not ours, a fault): the link as mailed must still work.
 */
export async function releaseEmailLink(db: Database, link: ClaimedEmailLink): Promise<void> {
  await db
    .update(emailLink)
    .set({ usedAt: null })
    .where(and(eq(emailLink.tokenHash, link.tokenHash), eq(emailLink.usedAt, link.usedAt!)));
}

/**
 * Spends every still-unused link of a user (once one of them has confirmed the address), or only
 * those of the purposes given (a password reset or an undo ends pending email changes).
 */
export async function spendEmailLinksOf(
  db: Pick<Database, "update">,
  userId: string,
  now: Date,
  purposes?: EmailLinkPurpose[],
): Promise<void> {
  await db
    .update(emailLink)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailLink.userId, userId),
        isNull(emailLink.usedAt),
        purposes ? inArray(emailLink.purpose, purposes) : undefined,
      ),
    );
}

/**
 * The old address's "this was not me": the pending change's links are spent, so the new address
 * can no longer be confirmed, and every session of the account ends (whoever asked is signed out).
 */
export async function cancelEmailChange(db: Database, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await spendEmailLinksOf(tx, userId, now, ["change-email"]);
    await tx.delete(session).where(eq(session.userId, userId));
  });
}
