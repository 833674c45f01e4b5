import { useMutation, useQueryClient } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { OperationInput } from "../../../../shared/api-operation";
import type { BillingSchemas, TGetInvoiceResponse } from "../../../../shared/billing";

type Body<K extends keyof BillingSchemas> = OperationInput<BillingSchemas[K]>["body"];

/** Staff's invoice operations: start a draft, add a line, finalize, mark paid, void. */
export const createInvoice = (companyId: string, body: Body<"createInvoice">) =>
  call(billingOps.createInvoice, { params: { id: companyId }, body });
export const addInvoiceLine = (id: string, body: Body<"addInvoiceLine">) =>
  call(billingOps.addInvoiceLine, { params: { id }, body });
export const finalizeInvoice = (id: string) => call(billingOps.finalizeInvoice, { params: { id } });
export const markInvoicePaid = (id: string, body: Body<"markInvoicePaid">) =>
  call(billingOps.markInvoicePaid, { params: { id }, body });
export const issueCreditNote = (id: string, body: Body<"issueCreditNote">) =>
  call(billingOps.issueCreditNote, { params: { id }, body });
export const voidInvoice = (id: string, body: Body<"voidInvoice">) =>
  call(billingOps.voidInvoice, { params: { id }, body });

function useInvoiceMutation<A>(fn: (args: A) => Promise<TGetInvoiceResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
}

/** A one-off invoice in one go: a draft, its line, finalized (it takes its number and is mailed). */
export const useIssueInvoice = (companyId: string) =>
  useInvoiceMutation(async (line: Body<"addInvoiceLine">) => {
    const { invoice } = await createInvoice(companyId, {});
    await addInvoiceLine(invoice.id, line);
    return finalizeInvoice(invoice.id);
  });
export const useFinalizeInvoice = () => useInvoiceMutation((id: string) => finalizeInvoice(id));
export const useMarkInvoicePaid = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: Body<"markInvoicePaid"> }) => markInvoicePaid(id, body));
export const useVoidInvoice = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: Body<"voidInvoice"> }) => voidInvoice(id, body));
export const useIssueCreditNote = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: Body<"issueCreditNote"> }) => issueCreditNote(id, body));
