/** Every query key of the company feature. */
export const companyKeys = {
  all: ["company"] as const,
  overview: () => [...companyKeys.all, "overview"] as const,
};

/** Staff's view of one client company: everything under its id, so that a change refreshes all of it. */
export const clientCompanyKeys = {
  all: ["client-company"] as const,
  company: (id: string) => [...clientCompanyKeys.all, id] as const,
  detail: (id: string) => [...clientCompanyKeys.company(id), "detail"] as const,
  dashboard: (id: string) => [...clientCompanyKeys.company(id), "dashboard"] as const,
};
