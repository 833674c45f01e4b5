/** The hours module's one public file: retainer hours' endpoints, and what billing uses to settle and show them. */
export { hoursEndpoints, staffHoursEndpoints } from "./hours.routes";
export {
  settleHours,
  extraHoursLine,
  accruingHoursLine,
  notePlanChange,
  settlementOfSource,
  type HoursCharge,
  type StripeEnd,
} from "./settle-hours";
export { invoiceHoursEntries } from "./invoice-hours";
export { hoursUsedOf, type HoursUsed } from "./hours-used";
export { setPlanHours } from "./hours-terms.service";
export { createTimeEntry } from "./time-entries.service";
