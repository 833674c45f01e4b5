// The contact module's public face: the public contact form.
export { contactEndpoints } from "./contact.routes";
