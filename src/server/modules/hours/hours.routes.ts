import { hoursSchemas } from "../../../shared/hours";
import { hoursOps } from "../../../shared/operations/hours";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { notFound } from "../../lib/app-error";
import { decideExtraHours } from "./approve-extra-hours.service";
import { getClientHours, getHours } from "./get-hours.service";
import { getHoursOverview } from "./hours-overview.service";
import { setClientHoursTerms, setPlanHours } from "./hours-terms.service";
import { listPlanHours } from "./plan-hours.service";
import { createTimeEntry, deleteTimeEntry, updateTimeEntry } from "./time-entries.service";
import { getTimer, startTimer, stopTimer } from "./timer.service";
import type { CompanyScope } from "../../context/company-scope";

const member = { access: "member", tag: "Hours" } as const;
const staff = { access: "staff", tag: "Staff: hours" } as const;
const lockedConflict = "The entry's period has been invoiced: its time can no longer change.";

const scopedCompany = (scope: CompanyScope) => {
  if (scope.all || !scope.companyId) throw notFound("Your account does not belong to a client company.");
  return scope.companyId;
};

const getHoursEndpoint = operationEndpoint({
  ...member,
  operation: hoursOps.getHours,
  schemas: hoursSchemas.getHours,
  summary: "The retainer hours of this period: included, rolled over, used, left, burn-down, and the entries",
  description: "Only billable entries, and never staff's internal notes.",
  ok: "The period's hours.",
});
const decideEndpoint = operationEndpoint({
  access: "owner",
  tag: "Hours",
  operation: hoursOps.decideExtraHours,
  schemas: hoursSchemas.decideExtraHours,
  summary: "Approve or decline the extra time awaiting approval (all of it, as the figure confirmed)",
  description: "Declined time is never billed. Audited.",
  ok: "The period's hours after the decision.",
  responses: conflictResponse("Nothing is awaiting approval, or the awaiting time is no longer the confirmed figure."),
});
const clientHoursEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.getClientHours,
  schemas: hoursSchemas.getClientHours,
  summary: "A client's retainer hours this period, every entry with its internal note",
  ok: "The client's hours.",
});
const termsEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.setClientHoursTerms,
  schemas: hoursSchemas.setClientHoursTerms,
  summary: "Give a client its own hours terms, or put it back on its plan's (null)",
  description: "Applies to the whole current period. Audited.",
  ok: "The client's hours with the new terms.",
});
const listPlanHoursEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.listPlanHours,
  schemas: hoursSchemas.listPlanHours,
  summary: "Every plan with its retainer hours terms, and how many clients follow them",
  description: "Plans on sale first, in the pricing page's order; clients with their own terms are counted apart.",
  ok: "The plans.",
});
const planHoursEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.setPlanHours,
  schemas: hoursSchemas.setPlanHours,
  summary: "Set a plan's retainer hours: included time, overage rate, rollover and cap, approval",
  description: "Subscriptions without their own terms follow from their current period. Audited.",
  ok: "The plan's hours terms.",
});
const createEntryEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.createTimeEntry,
  schemas: hoursSchemas.createTimeEntry,
  summary: "Log time for a client: on a ticket, a plan item or the company in general",
  description:
    "Dated in the client's time zone, in the period not yet invoiced. Audited; may mail the owner at 80 % and 100 %.",
  ok: "The entry.",
  okStatus: 201,
  responses: conflictResponse("The day belongs to a period that has been invoiced."),
});
const updateEntryEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.updateTimeEntry,
  schemas: hoursSchemas.updateTimeEntry,
  summary: "Correct a time entry until its period is invoiced",
  description: "Audited.",
  ok: "The entry after the change.",
  responses: conflictResponse(lockedConflict),
});
const deleteEntryEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.deleteTimeEntry,
  schemas: hoursSchemas.deleteTimeEntry,
  summary: "Delete a time entry until its period is invoiced",
  description: "Audited.",
  ok: "Deleted.",
  responses: conflictResponse(lockedConflict),
});
const getTimerEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.getTimer,
  schemas: hoursSchemas.getTimer,
  summary: "Your running timer, if any",
  ok: "The timer, or null.",
});
const overviewEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.getHoursOverview,
  schemas: hoursSchemas.getHoursOverview,
  summary: "This period's time not invoiced yet, across clients, and the clients over their budget",
  ok: "The figures.",
});
const startTimerEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.startTimer,
  schemas: hoursSchemas.startTimer,
  summary: "Start your timer on a ticket or a plan item",
  ok: "The running timer.",
  okStatus: 201,
  responses: conflictResponse("Your timer is already running."),
});
const stopTimerEndpoint = operationEndpoint({
  ...staff,
  operation: hoursOps.stopTimer,
  schemas: hoursSchemas.stopTimer,
  summary: "Stop your timer: its time becomes an entry, rounded up to the minute",
  ok: "The entry it made.",
  responses: conflictResponse("Your timer is not running, or the period of the day it started has been invoiced."),
});

/** A client's own hours, and the owner's decision on extra time. */
export function hoursEndpoints() {
  return [
    handle(getHoursEndpoint, async (c) =>
      c.json(await getHours(contextOf(c), { companyId: scopedCompany(c.get("scope")) }), 200),
    ),
    handle(decideEndpoint, async (c) =>
      c.json(await decideExtraHours(actorContextOf(c), { companyId: c.get("companyId"), ...c.req.valid("json") }), 200),
    ),
  ];
}

/** Staff: clients' hours, terms, entries and their own timer. */
export function staffHoursEndpoints() {
  return [
    handle(clientHoursEndpoint, async (c) =>
      c.json(await getClientHours(contextOf(c), { companyId: c.req.valid("param").id }), 200),
    ),
    handle(termsEndpoint, async (c) =>
      c.json(
        await setClientHoursTerms(actorContextOf(c), { companyId: c.req.valid("param").id, ...c.req.valid("json") }),
        200,
      ),
    ),
    handle(listPlanHoursEndpoint, async (c) => c.json({ plans: await listPlanHours(contextOf(c)) }, 200)),
    handle(planHoursEndpoint, async (c) => c.json(await setPlanHours(actorContextOf(c), c.req.valid("json")), 200)),
    handle(createEntryEndpoint, async (c) => {
      const { duration, ...fields } = c.req.valid("json");
      const input = { companyId: c.req.valid("param").id, minutes: duration, ...fields };
      return c.json({ entry: await createTimeEntry(actorContextOf(c), input) }, 201);
    }),
    handle(updateEntryEndpoint, async (c) => {
      const { duration, ...fields } = c.req.valid("json");
      const input = { entryId: c.req.valid("param").id, minutes: duration, ...fields };
      return c.json({ entry: await updateTimeEntry(actorContextOf(c), input) }, 200);
    }),
    handle(deleteEntryEndpoint, async (c) =>
      c.json(await deleteTimeEntry(actorContextOf(c), { entryId: c.req.valid("param").id }), 200),
    ),
    handle(getTimerEndpoint, async (c) => c.json(await getTimer(actorContextOf(c)), 200)),
    handle(overviewEndpoint, async (c) => c.json(await getHoursOverview(contextOf(c)), 200)),
    handle(startTimerEndpoint, async (c) => c.json(await startTimer(actorContextOf(c), c.req.valid("json")), 201)),
    handle(stopTimerEndpoint, async (c) => c.json(await stopTimer(actorContextOf(c), c.req.valid("json")), 200)),
  ];
}
