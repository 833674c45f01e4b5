import { requireCompany } from "../../context/company-scope";
import { getDashboard } from "./dashboard.service";
import type { TGetDashboardResponse } from "../../../shared/dashboard";
import type { Database } from "../../db/client";

/**
 * One client company's dashboard for staff: the very figures its people see, computed with a
 * scope of that company alone. The notice about the viewer's own unconfirmed address is not
 * the client's, so it is left out.
 */
export async function getClientDashboard(
  db: Database,
  viewer: { id: string; role?: string | null },
  companyId: string,
  now = new Date(),
): Promise<TGetDashboardResponse> {
  const row = await requireCompany(db, companyId);
  return getDashboard(db, { ...viewer, emailVerified: true }, { all: false, companyId: row.id }, now);
}
