import { contactSchemas } from "../../../shared/contact-schemas";
import { contactOps } from "../../../shared/operations/contact";
import { handle, operationEndpoint } from "../../http/endpoint";
import { clientIp } from "../../security/client-ip";
import { submitContact } from "./contact.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";

const sendContact = operationEndpoint({
  access: "public",
  tag: "Contact",
  operation: contactOps.sendContact,
  schemas: contactSchemas.sendContact,
  summary: "Send the contact form: stored as a lead for staff and acknowledged by email",
  description: "At most 5 messages an hour from one address.",
  ok: "Received.",
  okStatus: 201,
});

/** Public: the contact form. Rate-limited per client address. */
export const contactEndpoints = ({ db, config }: { db: Database; config: Config }) => [
  handle(sendContact, async (c) => {
    const meta = { ip: clientIp(c, config.TRUSTED_PROXIES), siteUrl: `${config.APP_URL}/` };
    return c.json(await submitContact(db, c.req.valid("json"), meta), 201);
  }),
];
