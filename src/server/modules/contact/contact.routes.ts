import { ZSendContactResponse, ZSendContactRequest } from "../../../shared/contact-schemas";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { clientIp } from "../../security/client-ip";
import { submitContact } from "./contact.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";

const sendContact = endpoint({
  method: "post",
  path: "/",
  access: "public",
  tag: "Contact",
  operationId: "sendContact",
  summary: "Send the contact form: stored as a lead for staff and acknowledged by email",
  description: "At most 5 messages an hour from one address.",
  request: { body: ZSendContactRequest },
  responses: { 201: json(ZSendContactResponse, "Received.") },
});

/** Public: the contact form. Rate-limited per client address. */
export const contactRoutes = ({ db, config }: { db: Database; config: Config }) =>
  createRouter().openapi(sendContact, async (c) => {
    const meta = { ip: clientIp(c, config.TRUSTED_PROXIES), siteUrl: `${config.APP_URL}/` };
    return c.json(await submitContact(db, c.req.valid("json"), meta), 201);
  });
