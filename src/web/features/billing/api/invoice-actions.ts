import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type {
  TAddInvoiceLineRequest,
  TCreateInvoiceRequest,
  TGetInvoiceResponse,
  TMarkPaidRequest,
  TVoidInvoiceRequest,
} from "../../../../shared/billing-schemas";

const invoicePath = (id: string, action: string) => `/api/staff/invoices/${encodeURIComponent(id)}/${action}`;

/** Staff's invoice operations: start a draft, add a line, finalize, mark paid, void. */
export const createInvoice = (companyId: string, body: TCreateInvoiceRequest) =>
  apiFetch<TGetInvoiceResponse>(`/api/staff/companies/${encodeURIComponent(companyId)}/invoices`, { json: body });
export const addInvoiceLine = (id: string, body: TAddInvoiceLineRequest) =>
  apiFetch<TGetInvoiceResponse>(invoicePath(id, "lines"), { json: body });
export const finalizeInvoice = (id: string) =>
  apiFetch<TGetInvoiceResponse>(invoicePath(id, "finalize"), { method: "POST" });
export const markInvoicePaid = (id: string, body: TMarkPaidRequest) =>
  apiFetch<TGetInvoiceResponse>(invoicePath(id, "payment"), { json: body });
export const voidInvoice = (id: string, body: TVoidInvoiceRequest) =>
  apiFetch<TGetInvoiceResponse>(invoicePath(id, "void"), { json: body });

function useInvoiceMutation<A>(fn: (args: A) => Promise<TGetInvoiceResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
}

/** A one-off invoice in one go: a draft, its line, finalized (it takes its number and is mailed). */
export const useIssueInvoice = (companyId: string) =>
  useInvoiceMutation(async (line: TAddInvoiceLineRequest) => {
    const { invoice } = await createInvoice(companyId, {});
    await addInvoiceLine(invoice.id, line);
    return finalizeInvoice(invoice.id);
  });
export const useFinalizeInvoice = () => useInvoiceMutation((id: string) => finalizeInvoice(id));
export const useMarkInvoicePaid = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: TMarkPaidRequest }) => markInvoicePaid(id, body));
export const useVoidInvoice = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: TVoidInvoiceRequest }) => voidInvoice(id, body));
