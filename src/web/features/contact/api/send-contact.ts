import { contactOps } from "../../../../shared/operations/contact";
import { call } from "../../../lib/api";
import type { TContactRequestParsed } from "../../../../shared/contact";

/**
 * The contact form's call. The form lives on the prerendered marketing pages, which carry no
 * query client (to keep TanStack Query out of their chunks): the form awaits the fetcher itself.
 */
export const sendContact = (body: TContactRequestParsed) => call(contactOps.sendContact, { body });
