/** Every query key of the billing feature, so that mutations invalidate exactly what they change. */
export const billingKeys = {
  all: ["billing"] as const,
  own: () => [...billingKeys.all, "own"] as const,
  client: (companyId: string) => [...billingKeys.all, "client", companyId] as const,
  invoice: (id: string) => [...billingKeys.all, "invoice", id] as const,
  invoices: (filter: string) => [...billingKeys.all, "invoices", filter] as const,
  mrr: () => [...billingKeys.all, "mrr"] as const,
};
