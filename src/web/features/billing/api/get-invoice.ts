import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TGetInvoiceResponse } from "../../../../shared/billing-schemas";

/** Where one invoice and its PDF are read: staff reach every client's, members their company's. */
export const invoicePaths = (id: string, isStaff: boolean) => {
  const base = isStaff
    ? `/api/staff/invoices/${encodeURIComponent(id)}`
    : `/api/billing/invoices/${encodeURIComponent(id)}`;
  return { json: base, pdf: `${base}/pdf` };
};

export const getInvoice = (id: string, isStaff: boolean, signal?: AbortSignal) =>
  apiFetch<TGetInvoiceResponse>(invoicePaths(id, isStaff).json, { signal });
export const useInvoice = (id: string, isStaff: boolean, enabled = true) =>
  useQuery({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => getInvoice(id, isStaff, signal),
    enabled,
  });
