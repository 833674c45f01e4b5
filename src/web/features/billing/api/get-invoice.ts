import { useQuery } from "@tanstack/react-query";
import { operationUrl } from "../../../../shared/api-operation";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";

/** Where one invoice's PDF is downloaded: staff reach every client's, members their company's. */
export const invoicePdfUrl = (id: string, isStaff: boolean) =>
  operationUrl(isStaff ? billingOps.downloadStaffInvoicePdf : billingOps.downloadInvoicePdf, { id });

export const getInvoice = (id: string, isStaff: boolean, signal?: AbortSignal) =>
  call(isStaff ? billingOps.getStaffInvoice : billingOps.getInvoice, { params: { id }, signal });
export const useInvoice = (id: string, isStaff: boolean, enabled = true) =>
  useQuery({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => getInvoice(id, isStaff, signal),
    enabled,
  });
