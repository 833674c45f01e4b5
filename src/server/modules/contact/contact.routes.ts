import { contactSchemas } from "../../../shared/contact";
import { contactOps } from "../../../shared/operations/contact";
import { handle, operationEndpoint } from "../../http/endpoint";
import { contextOf } from "../../http/service-context";
import { submitContact } from "./contact.service";

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
export const contactEndpoints = () => [
  handle(sendContact, async (c) =>
    c.json(await submitContact(contextOf(c), { ...c.req.valid("json"), ip: c.get("clientIp") }), 201),
  ),
];
