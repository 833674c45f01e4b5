import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export interface CompanyOverview {
  company: { id: string; name: string; hourlyValueMinor: number; currency: string };
  role: "owner" | "member";
  members: { userId: string; name: string; email: string; role: "owner" | "member"; since: string }[];
  invitations: { id: string; email: string; expiresAt: string; createdAt: string }[];
}

export const getCompany = (signal?: AbortSignal) => apiFetch<CompanyOverview>("/api/company", { signal });
export const companyQueryOptions = () => queryOptions({ queryKey: ["company"], queryFn: ({ signal }) => getCompany(signal) });
export const useCompany = (enabled = true) => useQuery({ ...companyQueryOptions(), enabled });
