import {
  ZGetNotificationPreferencesResponse,
  ZUnsubscribeParams,
  ZUnsubscribeResponse,
  ZUpdateNotificationPreferencesRequest,
} from "../../../shared/notifications";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getPreferences, updatePreferences } from "./preferences.service";
import { unsubscribeTokens } from "./unsubscribe-token";
import { readUnsubscribe, unsubscribe } from "./unsubscribe.service";
import type { Database } from "../../db/client";

const tag = "Email preferences";

const getPreferencesEndpoint = endpoint({
  method: "get",
  path: "/",
  access: "signedIn",
  tag,
  operationId: "getNotificationPreferences",
  summary: "Which alert emails and digests I get",
  responses: { 200: json(ZGetNotificationPreferencesResponse, "The signed-in person's email preferences.") },
});

const updatePreferencesEndpoint = endpoint({
  method: "put",
  path: "/",
  access: "signedIn",
  tag,
  operationId: "updateNotificationPreferences",
  summary: "Choose which alert emails and digests I get",
  request: { body: ZUpdateNotificationPreferencesRequest },
  responses: { 200: json(ZGetNotificationPreferencesResponse, "The preferences as saved.") },
});

/** The signed-in person's own preferences, under /api/me/notifications. */
export const notificationPreferencesRoutes = (db: Database) =>
  createRouter()
    .openapi(getPreferencesEndpoint, async (c) => c.json(await getPreferences(db, c.get("user").id), 200))
    .openapi(updatePreferencesEndpoint, async (c) =>
      c.json(await updatePreferences(db, actorOf(c), c.req.valid("json")), 200),
    );

const readUnsubscribeEndpoint = endpoint({
  method: "get",
  path: "/unsubscribe/{token}",
  access: "public",
  tag,
  operationId: "readUnsubscribeLink",
  summary: "What an unsubscribe link turns off (changes nothing)",
  request: { params: ZUnsubscribeParams },
  responses: { 200: json(ZUnsubscribeResponse, "The person, the preference, and whether it is already off.") },
});

const unsubscribeEndpoint = endpoint({
  method: "post",
  path: "/unsubscribe/{token}",
  access: "public",
  tag,
  operationId: "unsubscribeByLink",
  // One-click unsubscribe (RFC 8058): mail clients post without cookies, from a few addresses.
  csrfExempt: "The signed token in the path is the credential.",
  rateLimit: "signed",
  summary: "One-click unsubscribe (RFC 8058)",
  description:
    "The target of every alert and digest email's `List-Unsubscribe` header (with " +
    "`List-Unsubscribe-Post: List-Unsubscribe=One-Click`): a mail client POSTs here, with any body, no " +
    "cookie and no CSRF token. The signed token names one person and one preference; only that one is " +
    "turned off (alerts to none, or the weekly digest off). Repeating it is harmless.",
  request: { params: ZUnsubscribeParams },
  responses: { 200: json(ZUnsubscribeResponse, "The preference is off.") },
});

/** Unsubscribe links from emails, under /api/email-preferences: the signed token is the only credential. */
export const unsubscribeRoutes = ({ db, secret }: { db: Database; secret: string }) => {
  const tokens = unsubscribeTokens(secret);
  return createRouter()
    .openapi(readUnsubscribeEndpoint, async (c) =>
      c.json(await readUnsubscribe(db, tokens, c.req.valid("param").token), 200),
    )
    .openapi(unsubscribeEndpoint, async (c) =>
      c.json(await unsubscribe(db, tokens, c.req.valid("param").token, c.get("clientIp") ?? null), 200),
    );
};
