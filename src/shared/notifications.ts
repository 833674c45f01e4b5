import { z } from "zod";

/** Which automation alerts a person gets by email: every alert, failing ones only, or none. */
export const ALERT_LEVELS = ["all", "failures", "none"] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

export const ALERT_LEVEL_LABELS: Record<AlertLevel, string> = {
  all: "All alerts",
  failures: "Failures only",
  none: "No alerts",
};

export const ALERT_LEVEL_HINTS: Record<AlertLevel, string> = {
  all: "An email when an automation starts failing or stops reporting runs, and one when it recovers.",
  failures: "An email when an automation starts failing and one when it works again; nothing about missing runs.",
  none: "No alert emails. The portal still shows failing and stale automations.",
};

/** What a one-click unsubscribe link turns off: the alerts, the weekly digest, or the monthly report. */
export const UNSUBSCRIBE_TOPICS = ["alerts", "digest", "report"] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];

/** A person's email preferences; the same shape is read and written. */
export const ZNotificationPreferences = z.object({
  alerts: z.enum(ALERT_LEVELS, { message: "Choose which alerts you want" }).meta({
    description: "all: failing and stale alerts with their recovery notices; failures: failing ones only; none.",
  }),
  weeklyDigest: z.boolean({ message: "Say whether you want the weekly digest" }).meta({
    description: "A summary of the company's week, every Monday morning (members of a client company).",
  }),
  monthlyReport: z.boolean({ message: "Say whether you want the monthly report" }).meta({
    description:
      "The company's monthly value report with its PDF, on the first working day of each month (members; staff for every client).",
  }),
});

/** The monthly report may be left out: a client written before it existed keeps it as it is. */
export const ZUpdateNotificationPreferencesRequest = ZNotificationPreferences.extend({
  monthlyReport: ZNotificationPreferences.shape.monthlyReport.optional(),
}).meta({
  example: { alerts: "failures", weeklyDigest: true, monthlyReport: true },
});
export type TUpdateNotificationPreferencesRequest = z.infer<typeof ZUpdateNotificationPreferencesRequest>;

export const ZGetNotificationPreferencesResponse = ZNotificationPreferences;
export type TGetNotificationPreferencesResponse = z.infer<typeof ZGetNotificationPreferencesResponse>;

/** The token of an unsubscribe link: opaque, signed by the server. */
export const ZUnsubscribeParams = z.object({
  token: z
    .string()
    .min(20)
    .max(400)
    .regex(/^[\w-]+\.[\w-]+$/)
    .meta({ description: "The signed token from the email's unsubscribe link." }),
});

/** What an unsubscribe link is about, and where that preference stands now. */
export const ZUnsubscribeResponse = z.object({
  email: z.string(),
  topic: z.enum(UNSUBSCRIBE_TOPICS),
  /** True once the topic is off (after the POST, or if it was already off). */
  unsubscribed: z.boolean(),
});
export type TUnsubscribeResponse = z.infer<typeof ZUnsubscribeResponse>;

/** The email preferences API, operation by operation (its methods and paths: `operations/notifications.ts`). */
export const notificationsSchemas = {
  getNotificationPreferences: { response: ZGetNotificationPreferencesResponse },
  updateNotificationPreferences: {
    body: ZUpdateNotificationPreferencesRequest,
    response: ZGetNotificationPreferencesResponse,
  },
  readUnsubscribeLink: { params: ZUnsubscribeParams, response: ZUnsubscribeResponse },
  unsubscribeByLink: { params: ZUnsubscribeParams, response: ZUnsubscribeResponse },
};
export type NotificationsSchemas = typeof notificationsSchemas;
