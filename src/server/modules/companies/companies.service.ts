import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { company, companyMember } from "../../db/schema/companies";

/** Every client signs up into a company of their own; its owner can invite others later. */
export async function createCompanyForNewClient(
  db: Database,
  input: { userId: string; email: string; companyName?: string },
): Promise<{ companyId: string }> {
  const name = input.companyName?.trim() || defaultCompanyName(input.email);
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(company).values({ name }).returning({ id: company.id });
    if (!created) throw new Error("company insert returned nothing");
    await tx.insert(companyMember).values({ companyId: created.id, userId: input.userId, role: "owner" });
    return { companyId: created.id };
  });
}

/** "ops@acme-corp.com" → "Acme Corp"; a personal mail domain gives the person's own label. */
export function defaultCompanyName(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const personal = ["gmail", "outlook", "hotmail", "yahoo", "icloud", "proton", "protonmail", "gmx", "aol", "live", "me"];
  const label = domain.split(".")[0] ?? "";
  const source = !label || personal.includes(label) ? local : label;
  const words = source.split(/[-_.+]+/).filter(Boolean);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
  return name || "My company";
}

export async function findMembership(db: Database, userId: string) {
  const [row] = await db
    .select({ companyId: company.id, companyName: company.name, role: companyMember.role, status: company.status })
    .from(companyMember)
    .innerJoin(company, eq(company.id, companyMember.companyId))
    .where(eq(companyMember.userId, userId))
    .limit(1);
  return row ?? null;
}
