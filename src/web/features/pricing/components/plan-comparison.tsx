import { Check, Minus } from "lucide-react";
import { formatHours, formatMoney } from "../../../../shared/price-format";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table";
import type { PlanView } from "../../../../shared/pricing";

const number = new Intl.NumberFormat("en-IE");

/** Whether a plan lists a feature, itself or through "Everything in …". */
function includes(plans: PlanView[], plan: PlanView, feature: string): boolean {
  if (plan.features.includes(feature)) return true;
  const inherited = plan.features.find((f) => f.startsWith("Everything in "))?.slice("Everything in ".length);
  const parent = plans.find((p) => p.name === inherited);
  return parent ? includes(plans, parent, feature) : false;
}

/** Tighter cells on phones, so that three plans fit 390 px without sideways scrolling. */
const CELL = "px-2 py-2 text-xs sm:px-4 sm:py-3 sm:text-sm";

/** The retainer hours (ADR 0033), shown once a plan has some. */
const hoursRows: { label: string; cell: (plan: PlanView) => React.ReactNode }[] = [
  {
    label: "Hours of changes, fixes and support a month",
    cell: (p) => (p.includedMinutes > 0 ? formatHours(p.includedMinutes) : "None"),
  },
  {
    label: "Unused hours roll over",
    cell: (p) => (p.rolloverCapMinutes > 0 ? `Up to ${formatHours(p.rolloverCapMinutes)}` : "No"),
  },
  {
    label: "Extra hours",
    cell: (p) =>
      p.overageRateMinor > 0
        ? `${formatMoney(p.overageRateMinor, p.currency)} an hour${p.overageNeedsApproval ? ", once you approve them" : ""}`
        : "No charge",
  },
];

/**
 * Every plan side by side: prices, allowances, support and each listed feature. On a phone the
 * columns narrow and wrap rather than scroll; with more plans than fit, the feature column stays
 * put while the plans scroll, and a note says they do.
 */
export function PlanComparison({ plans }: { plans: PlanView[] }) {
  const features = [...new Set(plans.flatMap((p) => p.features).filter((f) => !f.startsWith("Everything in ")))];
  const rows: { label: string; cell: (plan: PlanView) => React.ReactNode }[] = [
    { label: "Monthly price", cell: (p) => formatMoney(p.monthlyPriceMinor, p.currency) },
    { label: "Yearly price", cell: (p) => formatMoney(p.yearlyPriceMinor, p.currency) },
    { label: "Automations built and run", cell: (p) => p.includedAutomations },
    { label: "Runs included each month", cell: (p) => number.format(p.monthlyRunAllowance) },
    { label: "Support", cell: (p) => p.supportLevel },
    ...(plans.some((p) => p.includedMinutes > 0 || p.overageRateMinor > 0) ? hoursRows : []),
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
    <>
      {plans.length > 3 ? (
        <p className="mb-2 text-xs text-muted-foreground sm:hidden">Scroll sideways to see every plan.</p>
      ) : null}
      <Table label="Plan comparison" className={plans.length > 3 ? "min-w-[40rem]" : "table-fixed"}>
        <TableCaption className="text-left text-xs sm:text-sm">
          Prices exclude VAT. Setup fees for each automation are agreed in your roadmap before we build.
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className={`sticky left-0 z-10 w-[34%] bg-muted sm:w-2/5 ${CELL}`}>
              <span className="sr-only">Feature</span>
            </TableHead>
            {plans.map((plan) => (
              <TableHead key={plan.slug} scope="col" className={CELL}>
                {plan.name}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableHead
                scope="row"
                className={`sticky left-0 z-10 bg-card font-medium break-words text-muted-foreground ${CELL}`}
              >
                {row.label}
              </TableHead>
              {plans.map((plan) => (
                <TableCell key={plan.slug} className={`break-words ${CELL}`}>
                  {row.cell(plan)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
