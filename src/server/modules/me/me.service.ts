import { findMembership } from "../../context/company-scope";
import { viewedCompany, type ActiveView } from "../view-as/active-view";
import type { TGetMeResponse } from "../../../shared/me";
import type { Database } from "../../db/client";

export interface MeInput {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  emailVerified: boolean;
}

/**
 * What the signed-in area needs to know about the current user, in one read. Staff viewing a
 * company as its client get the client's view: that company, as its owner sees it, read only.
 */
export async function getMe(
  db: Database,
  user: MeInput,
  view: ActiveView | null = null,
  membershipOf: (userId: string) => ReturnType<typeof findMembership> = (userId) => findMembership(db, userId),
): Promise<TGetMeResponse> {
  const viewed = view ? await viewedCompany(db, view.companyId) : null;
  const self = { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified };
  if (view && viewed) {
    return {
      user: { ...self, role: "client" },
      company: { id: viewed.id, name: viewed.name, role: "owner", status: viewed.status },
      viewingAs: { companyId: viewed.id, companyName: viewed.name, until: view.until.toISOString() },
    };
  }
  const membership = await membershipOf(user.id);
  return {
    user: { ...self, role: user.role === "admin" ? "admin" : "client" },
    company: membership
      ? { id: membership.companyId, name: membership.companyName, role: membership.role, status: membership.status }
      : null,
    viewingAs: null,
  };
}
