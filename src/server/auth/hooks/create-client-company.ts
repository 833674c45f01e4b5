import { canonicalTimeZone } from "../../../shared/time-zones";
import { createCompanyForNewClient, joinInvitedCompanyAtSignUp } from "../../modules/companies";
import type { Database } from "../../db/client";

/**
 * Better Auth's `databaseHooks.user.create.after`: every new client gets its company. One who
 * signed up from an invitation link joins the inviting company instead, so that no company is
 * invented from their email's domain; only when that invitation can no longer be used (it expired
 * or was used since the form was opened) do they get a company of their own, as any sign-up does.
 */
export function createClientCompanyHook(db: Database) {
  return async (
    created: { id: string; email: string; name?: string | null; role?: string | null },
    context: { body?: unknown } | null | undefined,
  ) => {
    if (created.role && created.role !== "client") return;
    const body = (context?.body ?? {}) as { company?: unknown; timeZone?: unknown; invitationToken?: unknown };
    if (typeof body.invitationToken === "string") {
      const user = { id: created.id, email: created.email, name: created.name ?? "" };
      if (await joinInvitedCompanyAtSignUp({ db }, { user, token: body.invitationToken, now: new Date() })) return;
    }
    await createCompanyForNewClient(
      { db },
      {
        userId: created.id,
        email: created.email,
        companyName: typeof body.company === "string" ? body.company : undefined,
        // The body passed ZSignUpRequest already; this only spells the zone the usual way.
        timeZone: typeof body.timeZone === "string" ? canonicalTimeZone(body.timeZone.trim()) : undefined,
      },
    );
  };
}
