import { useMutation } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";

/** The address of a Stripe customer portal session, where the owner manages the card. */
export const openBillingPortal = () => call(billingOps.openBillingPortal);
export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
