import { notificationsSchemas } from "../../../shared/notifications";
import { notificationsOps } from "../../../shared/operations/notifications";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { getPreferences, updatePreferences } from "./preferences.service";
import { readUnsubscribe, unsubscribe } from "./unsubscribe.service";

const tag = "Email preferences";

const getPreferencesEndpoint = operationEndpoint({
  access: "signedIn",
  tag,
  operation: notificationsOps.getNotificationPreferences,
  schemas: notificationsSchemas.getNotificationPreferences,
  summary: "Which alert emails and digests I get",
  ok: "The signed-in person's email preferences.",
});

const updatePreferencesEndpoint = operationEndpoint({
  access: "signedIn",
  tag,
  operation: notificationsOps.updateNotificationPreferences,
  schemas: notificationsSchemas.updateNotificationPreferences,
  summary: "Choose which alert emails and digests I get",
  ok: "The preferences as saved.",
});

/** The signed-in person's own preferences, under /api/me/notifications. */
export const notificationPreferencesEndpoints = () => [
  handle(getPreferencesEndpoint, async (c) => c.json(await getPreferences(actorContextOf(c)), 200)),
  handle(updatePreferencesEndpoint, async (c) =>
    c.json(await updatePreferences(actorContextOf(c), c.req.valid("json")), 200),
  ),
];

const readUnsubscribeEndpoint = operationEndpoint({
  access: "public",
  tag,
  operation: notificationsOps.readUnsubscribeLink,
  schemas: notificationsSchemas.readUnsubscribeLink,
  summary: "What an unsubscribe link turns off (changes nothing)",
  ok: "The person, the preference, and whether it is already off.",
});

const unsubscribeEndpoint = operationEndpoint({
  access: "public",
  tag,
  operation: notificationsOps.unsubscribeByLink,
  schemas: notificationsSchemas.unsubscribeByLink,
  // One-click unsubscribe (RFC 8058): mail clients post without cookies, from a few addresses.
  csrfExempt: "The signed token in the path is the credential.",
  rateLimit: "signed",
  summary: "One-click unsubscribe (RFC 8058)",
  description:
    "The target of every alert and digest email's `List-Unsubscribe` header (with " +
    "`List-Unsubscribe-Post: List-Unsubscribe=One-Click`): a mail client POSTs here, with any body, no " +
    "cookie and no CSRF token. The signed token names one person and one preference; only that one is " +
    "turned off (alerts to none, or the weekly digest off). Repeating it is harmless.",
  ok: "The preference is off.",
});

/** Unsubscribe links from emails, under /api/email-preferences: the signed token is the only credential. */
export const unsubscribeEndpoints = () => [
  handle(readUnsubscribeEndpoint, async (c) =>
    c.json(await readUnsubscribe(contextOf(c), { token: c.req.valid("param").token }), 200),
  ),
  handle(unsubscribeEndpoint, async (c) =>
    c.json(await unsubscribe(contextOf(c), { token: c.req.valid("param").token, ip: c.get("clientIp") ?? null }), 200),
  ),
];
