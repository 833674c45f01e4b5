import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import type { Database } from "../../db/client";

/** Every agency staff account's address. */
export async function staffEmails(tx: Database): Promise<string[]> {
  const rows = await tx.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
  return rows.map((row) => row.email);
}

/** Every member's address of a client company. */
export async function companyEmails(tx: Database, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(companyMember.companyId, companyId));
  return rows.map((row) => row.email);
}

/** Where an item's page is, for each side. */
export const itemUrl = (appUrl: string, side: "client" | "staff", id: string) =>
  side === "client" ? `${appUrl}/automation-plan/${id}` : `${appUrl}/admin/plan/${id}`;
