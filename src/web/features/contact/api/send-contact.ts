import { apiFetch } from "../../../lib/api";
import type { TContactRequestParsed, TSendContactResponse } from "../../../../shared/contact-schemas";

/**
 * The contact form's call. The form lives on the prerendered marketing pages, which carry no
 * query client (to keep TanStack Query out of their chunks): the form awaits the fetcher itself.
 */
export const sendContact = (body: TContactRequestParsed) =>
  apiFetch<TSendContactResponse>("/api/contact", { json: body });
