import type { TContactRequestParsed } from "../../../../shared/contact-schemas";
import { apiFetch } from "../../../lib/api";

export const sendContact = (body: TContactRequestParsed) => apiFetch<{ ok: true }>("/api/contact", { json: body });
