import { secondFactorDemand } from "../../../shared/second-factor";
import { viewedCompany, type ActiveView } from "../../context/active-view";
import { findMembership } from "../../context/company-scope";
import type { TGetMeResponse } from "../../../shared/me";
import type { ActorContext } from "../../context/service-context";

export interface MeInput {
  /** Whether the signed-in user confirmed their address (the rest of them is the context's actor). */
  emailVerified: boolean;
  /** The signed-in account's authenticator app, and whether this session was opened or confirmed with a passkey. */
  secondFactor: { twoFactorEnabled: boolean; passkeyVerified: boolean };
  /** The company staff are viewing as its client, if they are. */
  view?: ActiveView | null;
  /** Where their membership is read from (the session cache); the database by default. */
  membershipOf?: (userId: string) => ReturnType<typeof findMembership>;
}

/**
 * What the signed-in area needs to know about the current user, in one read. Staff viewing a
 * company as its client get the client's view: that company, as its owner sees it, read only.
 */
export async function getMe(ctx: ActorContext, input: MeInput): Promise<TGetMeResponse> {
  const { db, actor: user } = ctx;
  const { view = null, membershipOf = (userId: string) => findMembership(db, userId) } = input;
  const viewed = view ? await viewedCompany(ctx, view.companyId) : null;
  const self = { id: user.id, email: user.email, name: user.name, emailVerified: input.emailVerified };
  if (view && viewed) {
    return {
      user: { ...self, role: "client" },
      company: { id: viewed.id, name: viewed.name, role: "owner", requireSecondFactor: viewed.requireSecondFactor },
      // Staff reach a view only with a passed factor (the staff guard of view-as).
      secondFactorRequired: false,
      viewingAs: { companyId: viewed.id, companyName: viewed.name, until: view.until.toISOString() },
    };
  }
  const membership = await membershipOf(user.id);
  const demand = secondFactorDemand(
    { role: user.role, twoFactorEnabled: input.secondFactor.twoFactorEnabled },
    input.secondFactor,
    membership,
  );
  return {
    user: { ...self, role: user.role === "admin" ? "admin" : "client" },
    company: membership
      ? {
          id: membership.companyId,
          name: membership.companyName,
          role: membership.role,
          requireSecondFactor: membership.requireSecondFactor,
        }
      : null,
    secondFactorRequired: demand !== null,
    viewingAs: null,
  };
}
