/** The automation plan (roadmap): its endpoints, the plan mail job's passes, and the intake example the tests send. */
export { planEndpoints, requestExample } from "./plan.routes";
export { staffPlanEndpoints } from "./staff-plan.routes";
export { sendPendingCommentNotices, sendProposalReminders } from "./plan-mail.service";
export { planInPeriod, type PlanInPeriod } from "./plan-in-period.service";
export { createPlanItem } from "./create-item.service";
export { transitionPlanItem } from "./transition.service";
