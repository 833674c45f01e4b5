import { findMembership } from "../companies/companies.service";
import type { Database } from "../../db/client";

export interface MeInput {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  emailVerified: boolean;
}

/** What the signed-in area needs to know about the current user, in one read. */
export async function getMe(db: Database, user: MeInput) {
  const membership = await findMembership(db, user.id);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role === "admin" ? "admin" : "client",
      emailVerified: user.emailVerified,
    },
    company: membership
      ? { id: membership.companyId, name: membership.companyName, role: membership.role, status: membership.status }
      : null,
  } as const;
}
