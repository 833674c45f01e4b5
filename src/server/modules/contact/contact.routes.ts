import { Hono } from "hono";
import { contactRequest } from "../../../shared/contact-schemas";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import { clientIp } from "../../security/client-ip";
import { submitContact } from "./contact.service";

/** Public: the contact form. Rate-limited per client address. */
export const contactRoutes = ({ db, config }: { db: Database; config: Config }) =>
  new Hono().post("/", validateJson(contactRequest), async (c) => {
    const result = await submitContact(db, c.get("body"), { ip: clientIp(c, config.TRUSTED_PROXIES), siteUrl: `${config.APP_URL}/` });
    if (!result.ok) {
      const seconds = result.retryAfterSeconds;
      const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second${seconds === 1 ? "" : "s"}`;
      return c.json(
        { message: `You have sent several messages in a short time. Please wait ${wait} and try again, or email us directly.`, code: "RATE_LIMITED", retryAfter: seconds },
        429,
        { "Retry-After": String(seconds) },
      );
    }
    return c.json({ ok: true }, 201);
  });
