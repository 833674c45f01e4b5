/** The weekly digest: a company's week in figures against the week before, and what waits on the reader. */
import { formatInvoiceMoney } from "../../../shared/billing-labels";
import { personalMail, type UnsubscribeLinks } from "../../mail/alert-templates";
import type { DigestFigures, WeekFigures } from "./digest-figures.service";
import type { MailContent } from "../../mail/layout";

export interface DigestInput {
  companyName: string;
  currency: string;
  /** The reported week's Monday and Sunday, "YYYY-MM-DD". */
  start: string;
  end: string;
  figures: DigestFigures;
  dashboardUrl: string;
  unsubscribe: UnsubscribeLinks;
}

const count = (value: number) => value.toLocaleString("en");
const hours = (minutes: number) => `${(minutes / 60).toLocaleString("en", { maximumFractionDigits: 1 })} h`;
const rate = (week: WeekFigures) =>
  week.success + week.failed === 0
    ? "no finished runs"
    : `${((100 * week.success) / (week.success + week.failed)).toFixed(1)} %`;
const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;
const named = (names: string[], total: number) =>
  names.length === 0
    ? ""
    : `: ${names.join("; ")}${total > names.length ? ` and ${count(total - names.length)} more` : ""}`;

export function weeklyDigestMail(input: DigestInput): MailContent {
  const { figures: f, currency } = input;
  const money = (minor: number) => formatInvoiceMoney(minor, currency);
  const versus = (now: string, before: string) => `${now} (week before: ${before})`;
  const waiting = [
    f.proposals.count > 0
      ? `${plural(f.proposals.count, "proposal", "proposals")} to approve${named(f.proposals.titles, f.proposals.count)}`
      : "",
    f.tickets.count > 0
      ? `${plural(f.tickets.count, "ticket waits", "tickets wait")} for your answer${named(f.tickets.subjects, f.tickets.count)}`
      : "",
    f.unpaidInvoices.count > 0
      ? `${plural(f.unpaidInvoices.count, "unpaid invoice", "unpaid invoices")} (${money(f.unpaidInvoices.totalMinor)})${named(f.unpaidInvoices.numbers, f.unpaidInvoices.count)}`
      : "",
  ].filter(Boolean);
  const period = `${day(input.start)} – ${day(input.end)}`;
  return personalMail(
    {
      kind: "weekly-digest",
      subject: `Your week with Cogwork: ${input.companyName}, ${period}`,
      intro: `Here is how the automations of ${input.companyName} did last week (Monday ${day(input.start)} to Sunday ${day(input.end)}), against the week before.`,
      details: [
        ["Runs", versus(count(f.thisWeek.runs), count(f.weekBefore.runs))],
        ["Success rate", versus(rate(f.thisWeek), rate(f.weekBefore))],
        ["Hours saved", versus(hours(f.thisWeek.minutesSaved), hours(f.weekBefore.minutesSaved))],
        ["Money saved", versus(money(f.thisWeek.moneySavedMinor), money(f.weekBefore.moneySavedMinor))],
        ["Incidents", `${count(f.incidentsOpened)} opened, ${count(f.incidentsClosed)} closed`],
        ["Waiting on you", waiting.length > 0 ? waiting.join("\n") : "Nothing: you are all caught up."],
      ],
      action: { label: "Open your dashboard", url: input.dashboardUrl },
      outro: "Days are counted in UTC.",
    },
    input.unsubscribe,
    `You get this digest every Monday as a member of ${input.companyName}.`,
    "Stop the weekly digest",
  );
}
