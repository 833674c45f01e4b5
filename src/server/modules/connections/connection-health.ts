import { and, eq, isNull } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { platformConnection } from "../../db/schema/connections";
import { layout } from "../../mail/layout";
import type { ConnectionRow } from "./connection-row";
import type { ConnectorError } from "./connector";
import type { ServiceContext } from "../../context/service-context";

/** A connection failing this long alerts staff (once per failing stretch). */
export const ALERT_AFTER_MS = 15 * 60_000;

/**
 * Writes how the last call went. A failure starts (or continues) a failing stretch; 15 minutes
 * into it staff get one alert; the first call that works again ends it, with one notice if the
 * alert went out. Each mail is claimed by a conditional update, so two instances send it once.
 */
export async function recordHealth(ctx: ServiceContext, row: ConnectionRow, failure: ConnectorError | null) {
  const { now } = ctx;
  await ctx.transaction(async (tx) => {
    if (!failure) {
      const [recovered] = await tx.db
        .update(platformConnection)
        .set({ health: "ok", lastError: null, failingSince: null, failureAlertedAt: null, updatedAt: now })
        .where(eq(platformConnection.id, row.id))
        .returning({ alerted: platformConnection.failureAlertedAt });
      if (row.failureAlertedAt && recovered) await mailStaff(tx, row, "recovered");
      return;
    }
    const failingSince = row.failingSince ?? now;
    await tx.db
      .update(platformConnection)
      .set({ health: failure.health, lastError: failure.message, failingSince, updatedAt: now })
      .where(eq(platformConnection.id, row.id));
    if (now.getTime() - failingSince.getTime() < ALERT_AFTER_MS) return;
    const [claimed] = await tx.db
      .update(platformConnection)
      .set({ failureAlertedAt: now })
      .where(and(eq(platformConnection.id, row.id), isNull(platformConnection.failureAlertedAt)))
      .returning({ id: platformConnection.id });
    if (claimed) await mailStaff(tx, { ...row, lastError: failure.message }, "failing");
  });
}

async function mailStaff(tx: ServiceContext, row: ConnectionRow, what: "failing" | "recovered") {
  const staff = await tx.db.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
  const url = `${tx.app.config.APP_URL}/clients/${row.companyId}`;
  const mail =
    what === "failing"
      ? layout({
          kind: "connection_failing",
          subject: `n8n connection ${row.name} has failed for 15 minutes`,
          intro: `Cogwork has not been able to read runs from ${row.name} (${row.baseUrl}) for 15 minutes.`,
          details: [["Last error", row.lastError ?? "unknown"]],
          action: { label: "Open the connection", url },
          outro: "Runs are read again as soon as it answers; you will get one notice when it does.",
        })
      : layout({
          kind: "connection_recovered",
          subject: `n8n connection ${row.name} works again`,
          intro: `Cogwork reads runs from ${row.name} (${row.baseUrl}) again.`,
          action: { label: "Open the connection", url },
          outro: "Executions missed while it failed are read at this sync.",
        });
  for (const { email } of staff) await tx.outbox.enqueue(email, mail);
}
