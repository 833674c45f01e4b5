import { Hono } from "hono";
import { contactRequest } from "../../../shared/contact-schemas";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import { clientIp } from "../../security/client-ip";
import { submitContact } from "./contact.service";

/** Public: the contact form. Rate-limited per client address. */
export const contactRoutes = ({ db, config }: { db: Database; config: Config }) =>
  new Hono().post("/", validateJson(contactRequest), async (c) =>
    c.json(await submitContact(db, c.get("body"), { ip: clientIp(c, config.TRUSTED_PROXIES), siteUrl: `${config.APP_URL}/` }), 201),
  );
