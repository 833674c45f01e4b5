import { createHash, timingSafeEqual } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { ZErrorResponse } from "../../../shared/api-error";
import { supportOps } from "../../../shared/operations/support";
import { supportSchemas } from "../../../shared/support";
import { handle, json, operationEndpoint } from "../../http/endpoint";
import { contextOf } from "../../http/service-context";
import { AppError } from "../../lib/app-error";
import { receiveReplyEmail } from "./inbound-email.service";
import type { Config } from "../../config";
import type { Logger } from "../../lib/logger";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The mail provider's shared secret, in `Authorization: Bearer <INBOUND_EMAIL_SECRET>`. */
const requireSecret = (config: Config) =>
  createMiddleware(async (c, next) => {
    const secret = config.INBOUND_EMAIL_SECRET;
    const given = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!secret || !timingSafeEqual(digest(given), digest(secret))) {
      throw new AppError("UNAUTHORIZED", "Send the inbound email secret in Authorization: Bearer <secret>.");
    }
    await next();
  });

const error = (description: string) => json(ZErrorResponse, description);

const inboundEndpoint = (config: Config) =>
  operationEndpoint({
    access: "public",
    tag: "Support",
    operation: supportOps.receiveReplyEmail,
    schemas: supportSchemas.receiveReplyEmail,
    csrfExempt: "The mail provider posts with the inbound shared secret, not a session.",
    // Replies by email as raw MIME.
    maxBodyBytes: 30 * 1024 * 1024,
    summary: "A reply to a support notice, forwarded by the mail provider as raw MIME (message/rfc822)",
    description:
      "Authenticated by the shared secret INBOUND_EMAIL_SECRET in `Authorization: Bearer <secret>`, not by a session. " +
      "The message must be addressed to the notice's `reply+<token>@INBOUND_EMAIL_DOMAIN` and come from the address " +
      "the notice went to; the quoted earlier text is removed. Anything else is refused and logged.",
    middleware: [requireSecret(config)],
    ok: "The reply was added to its ticket.",
    okStatus: 201,
    responses: {
      400: error("No reply text, or a file that is not an image, PDF or text."),
      401: error("The shared secret is missing or wrong."),
      403: error("The sender may not reply on that ticket."),
      404: error("No ticket answers to the address."),
      413: error("The message is larger than 30 MB."),
    },
  });

/** Replies by email, posted by the mail provider. */
export function inboundEmailEndpoints({ config, log }: { config: Config; log: Logger }) {
  return [
    handle(inboundEndpoint(config), async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      try {
        const done = await receiveReplyEmail(contextOf(c), raw);
        return c.json({ ticketId: done.ticketId, messageId: done.messageId }, 201);
      } catch (thrown) {
        if (thrown instanceof AppError) log.warn(`inbound email refused: ${thrown.message}`, { bytes: raw.length });
        throw thrown;
      }
    }),
  ];
}
