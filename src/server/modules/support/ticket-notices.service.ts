import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { mailOutbox } from "../../db/schema/mail";
import { ticketMail, ticketMessage, ticketReplyToken, ticketWatcher } from "../../db/schema/support";
import { sha256Hex } from "../../lib/sha256";
import { senderDomain } from "../../mail/outbox";
import { ticketNoticeMail } from "./ticket-notice-mail";
import type { TicketRow } from "./ticket-access";
import type { Config } from "../../config";
import type { ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";

/** At most one notice per ticket and recipient in this time; later replies join the pending one. */
export const NOTICE_GAP_MS = 5 * 60_000;

type NoticeConfig = Pick<Config, "APP_URL" | "MAIL_FROM" | "INBOUND_EMAIL_DOMAIN">;

/** The thread every notice of a ticket belongs to, in mail clients. */
export const threadIdOf = (ticketId: string, config: NoticeConfig) =>
  `<ticket-${ticketId}@${senderDomain(config.MAIL_FROM)}>`;

/** The other side of a public message: the client's people (opener and watchers) or the agency (assignee, else all staff). */
async function recipientsOf(tx: Database, row: TicketRow, side: "client" | "staff", authorId: string | null) {
  let people: { id: string; email: string }[];
  if (side === "staff") {
    const assigned = row.assigneeId ? eq(user.id, row.assigneeId) : undefined;
    people = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(and(eq(user.role, "admin"), assigned));
  } else {
    const watchers = await tx
      .select({ id: ticketWatcher.userId })
      .from(ticketWatcher)
      .where(eq(ticketWatcher.ticketId, row.id));
    const ids = [row.openedBy, ...watchers.map((w) => w.id)].filter((id): id is string => Boolean(id));
    // Only people still in the company: someone who left gets no more of its tickets.
    people = ids.length
      ? await tx
          .select({ id: user.id, email: user.email })
          .from(user)
          .innerJoin(companyMember, and(eq(companyMember.userId, user.id), eq(companyMember.companyId, row.companyId)))
          .where(inArray(user.id, ids))
      : [];
  }
  return people.filter((person) => person.id !== authorId);
}

async function renderNotice(tx: Database, row: TicketRow, messageIds: string[], config: NoticeConfig) {
  const messages = await tx
    .select({ body: ticketMessage.body, createdAt: ticketMessage.createdAt, side: ticketMessage.side, name: user.name })
    .from(ticketMessage)
    .leftJoin(user, eq(user.id, ticketMessage.authorId))
    .where(and(inArray(ticketMessage.id, messageIds), eq(ticketMessage.kind, "public")))
    .orderBy(ticketMessage.createdAt);
  return ticketNoticeMail({
    ticketRef: `Ticket ${row.id.slice(0, 8)}`,
    subject: row.subject,
    url: `${config.APP_URL}/support/${row.id}`,
    replyByEmail: Boolean(config.INBOUND_EMAIL_DOMAIN),
    messages: messages.map((m) => ({
      authorName: m.name || (m.side === "staff" ? "Cogwork" : "The client"),
      body: m.body,
      createdAt: m.createdAt,
    })),
  });
}

/**
 * Tells the other side of a public message, through the outbox, in the ticket's transaction `ctx`
 * (the ticket row is locked). A notice not yet sent to a recipient takes the new reply in;
 * otherwise a new one is due 5 minutes after the last. Never called for internal notes.
 */
export async function queueNotices(
  ctx: ServiceContext,
  input: { row: TicketRow; message: { id: string; side: "client" | "staff"; authorId: string | null } },
) {
  const { row, message } = input;
  const { db: tx, now } = ctx;
  const config = ctx.app.config;
  const audience = message.side === "staff" ? "client" : "staff";
  const recipients = await recipientsOf(tx, row, audience, message.authorId);
  for (const recipient of recipients) {
    const [last] = await tx
      .select({ mail: ticketMail, outbox: mailOutbox })
      .from(ticketMail)
      .innerJoin(mailOutbox, eq(mailOutbox.id, ticketMail.outboxId))
      .where(and(eq(ticketMail.ticketId, row.id), eq(ticketMail.recipient, recipient.email)))
      .orderBy(desc(ticketMail.createdAt))
      .limit(1)
      .for("update", { of: mailOutbox });
    const o = last?.outbox;
    if (last && o && o.status === "pending" && o.attempts === 0 && (!o.lockedUntil || o.lockedUntil < now)) {
      const messageIds = [...last.mail.messageIds, message.id];
      const content = await renderNotice(tx, row, messageIds, config);
      await tx
        .update(mailOutbox)
        .set({ subject: content.subject, text: content.text, html: content.html })
        .where(eq(mailOutbox.id, o.id));
      await tx.update(ticketMail).set({ messageIds }).where(eq(ticketMail.id, last.mail.id));
      continue;
    }
    const lastAt = o ? (o.sentAt ?? o.nextAttemptAt).getTime() : 0;
    const due = new Date(Math.max(now.getTime(), lastAt + NOTICE_GAP_MS));
    let replyTo: string | null = null;
    if (config.INBOUND_EMAIL_DOMAIN) {
      const token = randomBytes(16).toString("hex");
      await tx.insert(ticketReplyToken).values({ tokenHash: sha256Hex(token), ticketId: row.id, userId: recipient.id });
      replyTo = `reply+${token}@${config.INBOUND_EMAIL_DOMAIN}`;
    }
    const content = await renderNotice(tx, row, [message.id], config);
    const thread = threadIdOf(row.id, config);
    const outboxId = await ctx.outbox.enqueue(recipient.email, content, {
      notBefore: due,
      replyTo,
      inReplyTo: thread,
      references: thread,
    });
    await tx
      .insert(ticketMail)
      .values({ ticketId: row.id, recipient: recipient.email, outboxId, messageIds: [message.id] });
  }
}
