import { z } from "zod";
import { LIMITS, atMost, cleanedText, emailField, longTextField, optionalTextField, textField } from "./fields";

const optionalCleaned = (max: number) =>
  cleanedText(max)
    .optional()
    .transform((value) => value ?? "");

/** Optional phone: at most 20 characters; empty counts as absent. */
const optionalPhoneField = optionalCleaned(LIMITS.phone)
  .pipe(z.string().max(LIMITS.phone, atMost(LIMITS.phone)))
  .transform((value) => value || undefined);

/** Optional website: a valid URL when given; empty counts as absent. */
const optionalUrlField = optionalCleaned(LIMITS.text).pipe(
  z.union([
    z.literal("").transform(() => undefined),
    z.string().max(LIMITS.text, atMost(LIMITS.text)).pipe(z.url("Invalid url")),
  ]),
);

/** Name of the honeypot field: hidden from people, filled in by form-filling bots. */
export const CONTACT_HONEYPOT = "fax";

/** The contact form, validated by the form and by POST /api/contact alike. */
export const ZSendContactRequest = z.object({
  name: textField,
  email: emailField,
  company: optionalTextField,
  phone: optionalPhoneField,
  website: optionalUrlField,
  message: longTextField,
  [CONTACT_HONEYPOT]: z.string().max(LIMITS.text).optional(),
});
export type TContactRequest = z.input<typeof ZSendContactRequest>;
export type TContactRequestParsed = z.output<typeof ZSendContactRequest>;

/** Messages one address may send in a window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 3600 } as const;

export const ZSendContactResponse = z.object({ ok: z.literal(true) });

/** The contact form's API (its method and path: `operations/contact.ts`). */
export const contactSchemas = {
  sendContact: { body: ZSendContactRequest, response: ZSendContactResponse },
};
export type ContactSchemas = typeof contactSchemas;
