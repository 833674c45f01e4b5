import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { emailField, firstIssueMessage, optionalTextField } from "../../../shared/fields";
import { hashPassword } from "../../auth/password-hash";
import { createPasswordAccount, generatePassword } from "../../auth/staff-account";
import { account, session, user } from "../../db/schema/auth";
import type { ServiceContext } from "../../context/service-context";

export class CreateAdminInputError extends Error {
  override name = "CreateAdminInputError";
}

export type CreateAdminResult =
  /** A new staff account, with the password to give its owner. */
  | { outcome: "created"; userId: string; email: string; name: string; password: string }
  /** A confirmed account, now staff; its owner keeps their password. */
  | { outcome: "promoted"; userId: string; email: string; name: string }
  /**
   * An account whose address was never confirmed, now staff: whoever signed up chose its
   * password without proving the address, so it gets a new one and its sessions end.
   */
  | { outcome: "promoted-with-new-password"; userId: string; email: string; name: string; password: string }
  | { outcome: "already-admin"; userId: string; email: string; name: string };

/** Checks the command's input with the shared field rules; throws a readable error. */
export function parseCreateAdminInput(input: { email: unknown; name?: unknown }): {
  email: string;
  name: string | undefined;
} {
  const email = emailField.safeParse(input.email);
  if (!email.success) throw new CreateAdminInputError(`email: ${firstIssueMessage(email.error)}`);
  const name = optionalTextField.safeParse(input.name);
  if (!name.success) throw new CreateAdminInputError(`name: ${firstIssueMessage(name.error)}`);
  return { email: email.data, name: name.data };
}

/**
 * Makes a staff account for an address, or promotes the account it already has.
 * Staff are never made by sign-up (PRODUCT.md §2): this is the command's side of it.
 */
export async function createOrPromoteAdmin(
  ctx: ServiceContext,
  input: { email: unknown; name?: unknown },
): Promise<CreateAdminResult> {
  const { db, now } = ctx;
  const { email, name } = parseCreateAdminInput(input);
  const [existing] = await db.select().from(user).where(eq(user.email, email));

  if (!existing) {
    const password = generatePassword();
    const userId = await createPasswordAccount(db, { email, name: name ?? "", password, role: "admin" });
    return { outcome: "created", userId, email, name: name ?? "", password };
  }

  const base = { userId: existing.id, email, name: name ?? existing.name };
  if (existing.role === "admin") {
    if (name !== undefined && name !== existing.name)
      await db.update(user).set({ name, updatedAt: now }).where(eq(user.id, existing.id));
    return { outcome: "already-admin", ...base };
  }

  if (existing.emailVerified) {
    await db.update(user).set({ role: "admin", name: base.name, updatedAt: now }).where(eq(user.id, existing.id));
    return { outcome: "promoted", ...base };
  }

  // The hash Better Auth stores and checks (auth.ts hands it the same function).
  const password = generatePassword();
  const hash = await hashPassword(password);
  await ctx.transaction(async (tx) => {
    await tx.db
      .update(user)
      .set({ role: "admin", emailVerified: true, name: base.name, updatedAt: now })
      .where(eq(user.id, existing.id));
    const updated = await tx.db
      .update(account)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx.db.insert(account).values({
        id: randomBytes(16).toString("hex"),
        accountId: existing.id,
        providerId: "credential",
        userId: existing.id,
        password: hash,
      });
    }
    // Whoever signed up with the old password is signed out everywhere (sessions live in the database only).
    await tx.db.delete(session).where(eq(session.userId, existing.id));
  });
  return { outcome: "promoted-with-new-password", ...base, password };
}
