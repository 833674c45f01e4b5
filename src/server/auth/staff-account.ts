import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { account, user } from "../db/schema/auth";
import type { Database } from "../db/client";

/** 24 characters from 144 random bits: strong, and easy to paste. The one generator of printed passwords. */
export const generatePassword = () => randomBytes(18).toString("base64url");

/**
 * Creates a confirmed account with an email + password credential, as Better Auth stores it.
 * The one path that writes a new account outside sign-up: the commands (create-admin,
 * seed:demo) that run without the HTTP API.
 */
export async function createPasswordAccount(
  db: Pick<Database, "insert">,
  input: { email: string; name: string; password: string; role: "admin" | "client" },
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await db.insert(user).values({
    id,
    email: input.email.toLowerCase(),
    name: input.name,
    role: input.role,
    emailVerified: true,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(input.password),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
