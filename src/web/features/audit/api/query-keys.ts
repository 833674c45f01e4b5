/** Every query key of the audit log. */
export const auditKeys = {
  all: ["audit"] as const,
  log: (companyId?: string) => [...auditKeys.all, "log", companyId ?? "all"] as const,
};
