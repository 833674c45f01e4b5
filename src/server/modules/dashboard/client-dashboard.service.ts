import { requireCompany } from "../../context/company-scope";
import { getDashboard } from "./dashboard.service";
import type { TGetDashboardResponse } from "../../../shared/dashboard";
import type { ActorContext } from "../../context/service-context";

/**
 * One client company's dashboard for staff: the very figures its people see, computed with a
 * scope of that company alone. The notice about the viewer's own unconfirmed address is not
 * the client's, so it is left out.
 */
export async function getClientDashboard(
  ctx: ActorContext,
  input: { companyId: string },
): Promise<TGetDashboardResponse> {
  const row = await requireCompany(ctx.db, input.companyId);
  return getDashboard(ctx.with({ scope: { all: false, companyId: row.id } }), { emailVerified: true });
}
