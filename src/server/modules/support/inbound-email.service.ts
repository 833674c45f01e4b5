import { eq } from "drizzle-orm";
import { LIMITS, hasControlChars } from "../../../shared/fields";
import { findMembership } from "../../context/company-scope";
import { user } from "../../db/schema/auth";
import { ticketReplyToken } from "../../db/schema/support";
import { AppError } from "../../lib/app-error";
import { sha256Hex } from "../../lib/sha256";
import { addReply } from "./reply.service";
import { stripQuoted } from "./strip-quoted";
import { ticketInScope } from "./ticket-access";
import type { CompanyScope } from "../../context/company-scope";
import type { ServiceContext } from "../../context/service-context";
import type { AddressObject } from "mailparser";

/**
 * More MIME parts than any reply carries (text, HTML, a few files, their wrappers): a message with
 * thousands is refused before it is parsed further, with a message rather than the parser's error.
 */
export const MAX_MIME_PARTS = 200;

/**
 * The parser's limits (parts, header and line lengths) as a 400 with a reason; anything else is ours.
 * mailparser (with its charset tables) loads on the first reply by email, not with the server.
 */
async function parseMime(raw: Buffer) {
  const { simpleParser } = await import("mailparser");
  try {
    // mailparser hands its options to its MIME splitter, which counts the parts (its own limit is 1,000).
    return await simpleParser(raw, { skipHtmlToText: false, maxChildNodes: MAX_MIME_PARTS } as Parameters<
      typeof simpleParser
    >[1]);
  } catch (thrown) {
    if (thrown instanceof Error && (thrown as Error & { code?: string }).code === "EMAXLEN") {
      throw new AppError(
        "VALIDATION",
        /child nodes/i.test(thrown.message)
          ? `The email has more than ${MAX_MIME_PARTS} MIME parts.`
          : "The email has a header or line longer than allowed.",
      );
    }
    throw thrown;
  }
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value.map((a) => a.address ?? ""));

/**
 * A reply by email, as the mail provider forwards it (raw MIME): appended to the ticket of its
 * `reply+<token>@` address as the person the token was made for, when the message comes from
 * that person's address and they may still reach the ticket. The quoted earlier text is dropped.
 */
export async function receiveReplyEmail(ctx: ServiceContext, raw: Buffer) {
  const { db } = ctx;
  const domain = ctx.app.config.INBOUND_EMAIL_DOMAIN;
  if (!domain) throw new AppError("NOT_FOUND", "Replies by email are not enabled.");
  const mail = await parseMime(raw);
  const pattern = new RegExp(`^reply\\+([0-9a-f]{32})@${domain.replace(/\./g, "\\.")}$`, "i");
  const delivered = ["delivered-to", "x-original-to"].map((name) => String(mail.headers.get(name) ?? ""));
  const token = [...addressesOf(mail.to), ...addressesOf(mail.cc), ...delivered]
    .map((address) => pattern.exec(address.trim())?.[1])
    .find(Boolean);
  if (!token) throw new AppError("NOT_FOUND", "No ticket answers to this address.");
  const [owner] = await db
    .select({ ticketId: ticketReplyToken.ticketId, id: user.id, email: user.email, name: user.name, role: user.role })
    .from(ticketReplyToken)
    .innerJoin(user, eq(user.id, ticketReplyToken.userId))
    .where(eq(ticketReplyToken.tokenHash, sha256Hex(token.toLowerCase())));
  if (!owner) throw new AppError("NOT_FOUND", "No ticket answers to this address.");
  const sender = mail.from?.value[0]?.address?.toLowerCase();
  if (sender !== owner.email.toLowerCase()) throw new AppError("FORBIDDEN", "The sender may not reply on this ticket.");
  let scope: CompanyScope = { all: true };
  if (owner.role !== "admin") {
    const membership = await findMembership(db, owner.id);
    scope = { all: false, companyId: membership?.companyId ?? null };
    // Someone who left the company reaches none of its tickets any more.
    await ticketInScope(db, scope, owner.ticketId).catch(() => {
      throw new AppError("FORBIDDEN", "The sender may not reply on this ticket.");
    });
  }
  const body = stripQuoted(mail.text ?? "").slice(0, LIMITS.longText);
  if (!body) throw new AppError("VALIDATION", "The email has no reply text above the quoted message.");
  // PostgreSQL refuses NUL in text; other control characters are refused as in a typed reply.
  if (hasControlChars(body))
    throw new AppError("VALIDATION", "The email's text contains a NUL or other control character.");
  const files = mail.attachments
    .filter((a) => a.contentDisposition === "attachment")
    .map((a) => ({
      fileName: (a.filename ?? "attachment").replace(/(?![\t\n\r])[\p{Cc}\p{Cs}]/gu, "").slice(0, 255) || "attachment",
      content: a.content,
    }));
  const { ticketId, ...person } = owner;
  const as = ctx.with({ actor: { ...person, ip: null }, scope });
  const done = await addReply(as, { ticketId, body, internal: false, files, via: "email" });
  return { ticketId: done.id, messageId: done.messageId };
}
