import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export interface Me {
  user: { id: string; email: string; name: string; role: "client" | "admin"; emailVerified: boolean };
  company: { id: string; name: string; role: "owner" | "member"; status: string } | null;
}

export const getMe = (signal?: AbortSignal) => apiFetch<Me>("/api/me", { signal });
export const meQueryOptions = () => queryOptions({ queryKey: ["me"], queryFn: ({ signal }) => getMe(signal) });
export const useMe = () => useQuery(meQueryOptions());
