-- Hand-written (ADR 0035): drizzle's schema cannot declare triggers. A ticket's `sla_due_at` (the
-- staff queue's order, column and index from migration 0032) is when its nearest running clock runs
-- out under its priority's targets (`sla_target`, a day and a week when a priority has no row):
-- the same rule as `deadlineSql` in modules/support/ticket-summary.ts. It follows two tables and
-- rows are written by services, tests and imports alike, so the database computes it: on every
-- write of a ticket's clock columns (before the row is stored), and for every ticket when the
-- targets change. It does not depend on the clock: a deadline is an instant.
CREATE FUNCTION "ticket_sla_deadline"("created_at" timestamptz, "first_responded_at" timestamptz,
  "paused_since" timestamptz, "paused_ms" bigint, "first_response_minutes" integer, "resolution_minutes" integer)
  RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT least(
    CASE WHEN $2 IS NULL THEN $1 + ($5 * interval '1 minute') END,
    CASE WHEN $3 IS NULL THEN $1 + ($6 * interval '1 minute') + ($4 * interval '1 millisecond') END)
$$;--> statement-breakpoint
CREATE FUNCTION "ticket_sla_due_at_before_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_minutes integer;
  resolution_minutes integer;
BEGIN
  SELECT s."first_response_minutes", s."resolution_minutes" INTO first_minutes, resolution_minutes
    FROM "sla_target" s WHERE s."priority" = NEW."priority";
  NEW."sla_due_at" := "ticket_sla_deadline"(NEW."created_at", NEW."first_responded_at", NEW."paused_since",
    NEW."paused_ms", coalesce(first_minutes, 1440), coalesce(resolution_minutes, 10080));
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Fires only for writes that name a clock column (a new message touches last_message_at alone);
-- sla_due_at is in the list so that no write can store another value.
CREATE TRIGGER "ticket_sla_due_at_insert" BEFORE INSERT ON "ticket"
  FOR EACH ROW EXECUTE FUNCTION "ticket_sla_due_at_before_write"();--> statement-breakpoint
CREATE TRIGGER "ticket_sla_due_at_update"
  BEFORE UPDATE OF "priority", "created_at", "first_responded_at", "paused_since", "paused_ms", "sla_due_at" ON "ticket"
  FOR EACH ROW EXECUTE FUNCTION "ticket_sla_due_at_before_write"();--> statement-breakpoint
-- Targets changed: the ticket table is locked against writes first (SHARE ROW EXCLUSIVE waits for
-- the ticket writes in flight, which may have read the old targets, and holds new ones until this
-- transaction commits, when they read the new targets), then every ticket whose deadline moved is
-- rewritten. Staff change targets rarely; ticket writes never wait on each other for it.
CREATE FUNCTION "ticket_sla_due_at_after_targets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "ticket" IN SHARE ROW EXCLUSIVE MODE;
  UPDATE "ticket" t SET "sla_due_at" = d."due"
  FROM (
    SELECT k."id", "ticket_sla_deadline"(k."created_at", k."first_responded_at", k."paused_since", k."paused_ms",
      coalesce(s."first_response_minutes", 1440), coalesce(s."resolution_minutes", 10080)) AS "due"
    FROM "ticket" k LEFT JOIN "sla_target" s ON s."priority" = k."priority"
  ) d
  WHERE d."id" = t."id" AND t."sla_due_at" IS DISTINCT FROM d."due";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_sla_due_at_targets" AFTER INSERT OR UPDATE OR DELETE ON "sla_target"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_sla_due_at_after_targets"();--> statement-breakpoint
-- The tickets written before this migration.
UPDATE "ticket" SET "sla_due_at" = NULL;
