import { operations } from "../api-operation";
import type { ContactSchemas } from "../contact-schemas";

export const contactOps = operations<ContactSchemas>()({
  sendContact: "POST /api/contact",
});
