/** Every query key of the reports feature ("own" for a member's company, a company id for staff). */
export const reportsKeys = {
  all: ["reports"] as const,
  months: (companyId: string | null) => [...reportsKeys.all, "months", companyId ?? "own"] as const,
  report: (companyId: string | null, month: string) =>
    [...reportsKeys.all, "report", companyId ?? "own", month] as const,
};
