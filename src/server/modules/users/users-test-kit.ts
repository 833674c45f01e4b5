import { desc, eq, sql } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit";
import { session } from "../../db/schema/auth";
import { securityEvent } from "../../db/schema/security";
import type { SignedIn } from "../../test/fixtures";
import type { TestRuntime } from "../../test/test-runtime";

/** What the users tests share: calls as someone, and what each action wrote. */
export function usersKit(t: TestRuntime) {
  return {
    /** POST an action on an account as a signed-in caller. */
    act: (caller: SignedIn, userId: string, action: string, body?: unknown) =>
      t.request(`/api/staff/users/${userId}/${action}`, {
        method: "POST",
        headers: { cookie: caller.cookie },
        ...(body === undefined ? {} : { json: body }),
        ip: "10.7.7.7",
      }),
    list: (caller: SignedIn, query = "") =>
      t.request(`/api/staff/users${query}`, { headers: { cookie: caller.cookie } }),
    auditOf: (userId: string) =>
      t.db.select().from(auditLog).where(eq(auditLog.objectId, userId)).orderBy(desc(auditLog.createdAt)),
    eventsOf: (userId: string) =>
      t.db.select().from(securityEvent).where(eq(securityEvent.userId, userId)).orderBy(desc(securityEvent.createdAt)),
    sessionsOf: async (userId: string) =>
      (await t.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).length,
    /** Makes every insert into a table fail until the returned function is called: proves what is written together. */
    failInsertsInto: async (table: "audit_log" | "security_event") => {
      await t.db.execute(
        sql.raw(`create or replace function test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end; $$`),
      );
      await t.db.execute(
        sql.raw(
          `create trigger test_refuse_insert before insert on "${table}" for each row execute function test_refuse()`,
        ),
      );
      return () => t.db.execute(sql.raw(`drop trigger test_refuse_insert on "${table}"`));
    },
  };
}
