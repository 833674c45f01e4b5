/** The words of the support domain, shared by the database, the API and the screens. */
export const TICKET_CATEGORIES = ["broken_automation", "change_request", "billing", "other"] as const;
export const TICKET_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export const TICKET_STATUSES = ["open", "waiting_on_client", "waiting_on_agency", "resolved"] as const;

export type TTicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TTicketStatus = (typeof TICKET_STATUSES)[number];

export const CATEGORY_LABELS: Record<TTicketCategory, string> = {
  broken_automation: "Broken automation",
  change_request: "Change request",
  billing: "Billing",
  other: "Other",
};
export const PRIORITY_LABELS: Record<TTicketPriority, string> = {
  low: "Low",
  normal: "Normal",
  high: "High",
  urgent: "Urgent",
};
export const STATUS_LABELS: Record<TTicketStatus, string> = {
  open: "Open",
  waiting_on_client: "Waiting on client",
  waiting_on_agency: "Waiting on agency",
  resolved: "Resolved",
};

/** A client reply this long after a ticket was resolved reopens it; later, it starts a new ticket. */
export const REOPEN_WINDOW_DAYS = 7;

/** The run as it was when a ticket was linked to it. */
export interface TRunSnapshot {
  status: string;
  startedAt: string;
  errorMessage: string | null;
}
