import { canonicalTimeZone } from "../../../shared/time-zones";
import { createCompanyForNewClient } from "../../modules/companies";
import type { Database } from "../../db/client";

/** Better Auth's `databaseHooks.user.create.after`: every new client gets its company. */
export function createClientCompanyHook(db: Database) {
  return async (
    created: { id: string; email: string; role?: string | null },
    context: { body?: unknown } | null | undefined,
  ) => {
    if (created.role && created.role !== "client") return;
    const body = (context?.body ?? {}) as { company?: unknown; timeZone?: unknown };
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
