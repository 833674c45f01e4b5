import { CreditCard } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useBilling } from "../api/get-billing";
import { UsageMeters } from "./usage-meters";
import type { ReactNode } from "react";

/** The dashboard's "plan usage": the company's plan and its usage against the limits (plus what the screen adds, e.g. hours); nothing without a plan. */
export function PlanUsageCard({ children }: { children?: ReactNode }) {
  const billing = useBilling();
  const subscription = billing.data?.subscription;
  if (!billing.data || !subscription || subscription.status === "canceled") return null;
  return (
    <Card>
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <CreditCard className="size-4" aria-hidden /> Plan usage
        </CardDescription>
        <CardTitle>{subscription.plan.name} plan</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <UsageMeters usage={billing.data.usage} />
        {children}
        <Link to={screenPath("/billing")} className="text-sm text-primary underline-offset-4 hover:underline">
          Billing and invoices
        </Link>
      </CardContent>
    </Card>
  );
}
