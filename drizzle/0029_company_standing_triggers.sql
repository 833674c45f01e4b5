-- Hand-written (ADR 0035): drizzle's schema cannot declare triggers. The facts a company's status
-- and open-ticket count follow (company_standing, migration 0028) are recomputed from their source
-- rows in the transaction of every write to subscription, invoice, automation or ticket, whoever
-- writes (services, jobs, imports), one statement at a time (transition tables), so that a bulk
-- write recomputes each company once.
-- The rows are locked first, in company order, and recomputed by the next statement: under READ
-- COMMITTED that statement sees every write committed by a transaction that held the lock before,
-- so two writers of one company never leave a count that misses the other's write.
CREATE FUNCTION "company_standing_recompute"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "company_standing" WHERE "company_id" = ANY(ids) ORDER BY "company_id" FOR UPDATE;
  INSERT INTO "company_standing" ("company_id", "subscription_status", "open_invoice_due_at",
    "automations_paused", "automations_working", "open_tickets")
  SELECT c."id",
    (SELECT s."status" FROM "subscription" s WHERE s."company_id" = c."id"),
    (SELECT min(i."due_at") FROM "invoice" i WHERE i."company_id" = c."id" AND i."status" = 'open'),
    (SELECT count(*) FROM "automation" a WHERE a."company_id" = c."id" AND a."status" = 'paused'),
    (SELECT count(*) FROM "automation" a WHERE a."company_id" = c."id" AND a."status" IN ('building', 'live')),
    (SELECT count(*) FROM "ticket" t WHERE t."company_id" = c."id" AND t."status" <> 'resolved')
  FROM "company" c WHERE c."id" = ANY(ids)
  ORDER BY c."id"
  ON CONFLICT ("company_id") DO UPDATE SET
    "subscription_status" = excluded."subscription_status",
    "open_invoice_due_at" = excluded."open_invoice_due_at",
    "automations_paused" = excluded."automations_paused",
    "automations_working" = excluded."automations_working",
    "open_tickets" = excluded."open_tickets";
END;
$$;--> statement-breakpoint
CREATE FUNCTION "company_standing_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "company_standing_recompute"(ARRAY(SELECT DISTINCT "company_id" FROM new_rows WHERE "company_id" IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Updates fire per row, and only when a fact changes (WHEN, checked without calling the function):
-- the ingest updates automations and the support desk updates tickets all the time for other reasons.
CREATE FUNCTION "company_standing_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "company_standing_recompute"(ARRAY(SELECT DISTINCT id FROM unnest(ARRAY[OLD."company_id", NEW."company_id"]) id WHERE id IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "company_standing_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "company_standing_recompute"(ARRAY(SELECT DISTINCT "company_id" FROM old_rows WHERE "company_id" IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A new company starts with its row (no plan, nothing open).
CREATE FUNCTION "company_standing_of_new_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_standing" ("company_id") SELECT "id" FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "company_standing_new_company" AFTER INSERT ON "company"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_of_new_company"();--> statement-breakpoint
CREATE TRIGGER "company_standing_subscription_insert" AFTER INSERT ON "subscription"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_after_insert"();--> statement-breakpoint
CREATE TRIGGER "company_standing_subscription_update" AFTER UPDATE OF "status", "company_id" ON "subscription"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION "company_standing_after_update"();--> statement-breakpoint
CREATE TRIGGER "company_standing_subscription_delete" AFTER DELETE ON "subscription"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_after_delete"();--> statement-breakpoint
CREATE TRIGGER "company_standing_invoice_insert" AFTER INSERT ON "invoice"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_after_insert"();--> statement-breakpoint
CREATE TRIGGER "company_standing_invoice_update" AFTER UPDATE OF "status", "due_at", "company_id" ON "invoice"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."due_at" IS DISTINCT FROM NEW."due_at" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION "company_standing_after_update"();--> statement-breakpoint
CREATE TRIGGER "company_standing_invoice_delete" AFTER DELETE ON "invoice"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_after_delete"();--> statement-breakpoint
CREATE TRIGGER "company_standing_automation_insert" AFTER INSERT ON "automation"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_after_insert"();--> statement-breakpoint
CREATE TRIGGER "company_standing_automation_update" AFTER UPDATE OF "status", "company_id" ON "automation"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION "company_standing_after_update"();--> statement-breakpoint
CREATE TRIGGER "company_standing_automation_delete" AFTER DELETE ON "automation"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_after_delete"();--> statement-breakpoint
CREATE TRIGGER "company_standing_ticket_insert" AFTER INSERT ON "ticket"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_after_insert"();--> statement-breakpoint
CREATE TRIGGER "company_standing_ticket_update" AFTER UPDATE OF "status", "company_id" ON "ticket"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION "company_standing_after_update"();--> statement-breakpoint
CREATE TRIGGER "company_standing_ticket_delete" AFTER DELETE ON "ticket"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_standing_after_delete"();--> statement-breakpoint
-- The companies there already.
SELECT "company_standing_recompute"(ARRAY(SELECT "id" FROM "company"));
