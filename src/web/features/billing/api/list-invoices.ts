import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { INVOICE_FILTERS, TListInvoicesResponse } from "../../../../shared/billing-schemas";

export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];
export const listInvoices = (filter: InvoiceFilter, signal?: AbortSignal) =>
  apiFetch<TListInvoicesResponse>(`/api/staff/invoices?filter=${filter}`, { signal });
export const listInvoicesQueryOptions = (filter: InvoiceFilter) =>
  queryOptions({ queryKey: billingKeys.invoices(filter), queryFn: ({ signal }) => listInvoices(filter, signal) });
export const useInvoices = (filter: InvoiceFilter) => useQuery(listInvoicesQueryOptions(filter));
