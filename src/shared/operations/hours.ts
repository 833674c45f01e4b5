import { operations } from "../api-operation";
import type { HoursSchemas } from "../hours";

export const hoursOps = operations<HoursSchemas>()({
  getHours: "GET /api/hours",
  decideExtraHours: "POST /api/hours/approval",
  getClientHours: "GET /api/staff/companies/{id}/hours",
  setClientHoursTerms: "PUT /api/staff/companies/{id}/hours/terms",
  listPlanHours: "GET /api/staff/plan-hours",
  setPlanHours: "PUT /api/staff/plan-hours",
  createTimeEntry: "POST /api/staff/companies/{id}/time-entries",
  updateTimeEntry: "PATCH /api/staff/time-entries/{id}",
  deleteTimeEntry: "DELETE /api/staff/time-entries/{id}",
  getTimer: "GET /api/staff/timer",
  getHoursOverview: "GET /api/staff/hours/overview",
  startTimer: "POST /api/staff/timer",
  stopTimer: "POST /api/staff/timer/stop",
});
