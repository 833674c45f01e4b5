import { Check, Minus } from "lucide-react";
import { formatMoney } from "../../../../shared/plans";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table";
import type { PlanView } from "../../../../shared/plans-schemas";

const number = new Intl.NumberFormat("en-IE");

/** Whether a plan lists a feature, itself or through "Everything in …". */
function includes(plans: PlanView[], plan: PlanView, feature: string): boolean {
  if (plan.features.includes(feature)) return true;
  const inherited = plan.features.find((f) => f.startsWith("Everything in "))?.slice("Everything in ".length);
  const parent = plans.find((p) => p.name === inherited);
  return parent ? includes(plans, parent, feature) : false;
}

/** Every plan side by side: prices, allowances, support and each listed feature. */
export function PlanComparison({ plans }: { plans: PlanView[] }) {
  const features = [...new Set(plans.flatMap((p) => p.features).filter((f) => !f.startsWith("Everything in ")))];
  const rows: { label: string; cell: (plan: PlanView) => React.ReactNode }[] = [
    { label: "Monthly price", cell: (p) => formatMoney(p.monthlyPriceMinor, p.currency) },
    { label: "Yearly price", cell: (p) => formatMoney(p.yearlyPriceMinor, p.currency) },
    { label: "Automations built and run", cell: (p) => p.includedAutomations },
    { label: "Runs included each month", cell: (p) => number.format(p.monthlyRunAllowance) },
    { label: "Support", cell: (p) => p.supportLevel },
    ...features.map((feature) => ({
      label: feature,
      cell: (p: PlanView) =>
        includes(plans, p, feature) ? (
          <>
            <Check className="size-4 text-primary" aria-hidden />
            <span className="sr-only">Included</span>
          </>
        ) : (
          <>
            <Minus className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">Not included</span>
          </>
        ),
    })),
  ];
  return (
    <Table label="Plan comparison" className="min-w-[40rem]">
      <TableCaption>
        Prices exclude VAT. Setup fees for each automation are agreed in your roadmap before we build.
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="w-2/5">
            <span className="sr-only">Feature</span>
          </TableHead>
          {plans.map((plan) => (
            <TableHead key={plan.slug} scope="col">
              {plan.name}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableHead scope="row" className="font-medium text-muted-foreground">
              {row.label}
            </TableHead>
            {plans.map((plan) => (
              <TableCell key={plan.slug}>{row.cell(plan)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
