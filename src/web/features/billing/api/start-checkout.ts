import { useMutation } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";

/** The address of a Stripe Checkout page for the company's plan (owner only). */
export const startCheckout = () => call(billingOps.startCheckout);
export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
