import { queryOptions, useQuery } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { INVOICE_FILTERS } from "../../../../shared/billing";

export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];
export const listInvoices = (filter: InvoiceFilter, signal?: AbortSignal) =>
  call(billingOps.listInvoices, { query: { filter }, signal });
export const listInvoicesQueryOptions = (filter: InvoiceFilter) =>
  queryOptions({ queryKey: billingKeys.invoices(filter), queryFn: ({ signal }) => listInvoices(filter, signal) });
export const useInvoices = (filter: InvoiceFilter) => useQuery(listInvoicesQueryOptions(filter));
