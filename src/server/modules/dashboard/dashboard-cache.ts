import type { TGetDashboardResponse } from "../../../shared/dashboard";
import type { CompanyScope } from "../../context/company-scope";

/** How long a company's dashboard is served from memory; changes on another instance show within this. */
export const DASHBOARD_CACHE_MS = 5_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  at: number;
  companyId: string | null;
  answer: Promise<TGetDashboardResponse>;
}

/**
 * Dashboards answered in the last few seconds, per scope and viewer (the answer names the
 * viewer's role and whether their address is confirmed). A run report drops its company's
 * entries (and staff's all-companies view); any other write in this process drops them all.
 * Concurrent requests for the same dashboard share one computation.
 */
export function createDashboardCache(ttlMs = DASHBOARD_CACHE_MS) {
  const entries = new Map<string, Entry>();
  return {
    get(
      scope: CompanyScope,
      viewer: { id: string; emailVerified: boolean },
      compute: () => Promise<TGetDashboardResponse>,
    ): Promise<TGetDashboardResponse> {
      const companyId = scope.all ? null : scope.companyId;
      const key = `${companyId ?? "all"}|${!scope.all && scope.viewing ? "view" : "own"}|${viewer.id}|${viewer.emailVerified}`;
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && now - entry.at < ttlMs && now >= entry.at) return entry.answer;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const answer = compute();
      const fresh: Entry = { at: now, companyId, answer };
      entries.set(key, fresh);
      answer.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return answer;
    },
    /** Runs were reported for this company. */
    forgetCompany(companyId: string) {
      for (const [key, entry] of entries)
        if (entry.companyId === companyId || entry.companyId === null) entries.delete(key);
    },
    forgetAll() {
      entries.clear();
    },
  };
}

export type DashboardCache = ReturnType<typeof createDashboardCache>;
