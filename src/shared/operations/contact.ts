import { operations } from "../api-operation";
import type { ContactSchemas } from "../contact";

export const contactOps = operations<ContactSchemas>()({
  sendContact: "POST /api/contact",
});
