CREATE TABLE "notification_preference" (
	"user_id" text PRIMARY KEY NOT NULL,
	"alerts" text DEFAULT 'all' NOT NULL,
	"weekly_digest" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_digest" (
	"company_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"recipients" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_digest_company_id_week_start_pk" PRIMARY KEY("company_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preference" ADD CONSTRAINT "notification_preference_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_digest" ADD CONSTRAINT "weekly_digest_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_incident_automation_opened_idx" ON "automation_incident" USING btree ("automation_id","opened_at");--> statement-breakpoint
-- hand-written below
-- However an automation stops being Stale (paused, retired, edited, resumed), its open Stale
-- incident ends with it. A run that ends the spell closes the incident itself first, in the
-- ingest transaction, so that it alone sends the recovery notice; this trigger then finds none.
CREATE FUNCTION "automation_stale_incident_follows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."stale_since" IS NOT NULL AND NEW."stale_since" IS NULL THEN
    UPDATE "automation_incident" SET "resolved_at" = now()
    WHERE "automation_id" = NEW."id" AND "kind" = 'stale' AND "resolved_at" IS NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "automation_stale_incident_closes" AFTER UPDATE OF "stale_since" ON "automation"
  FOR EACH ROW EXECUTE FUNCTION "automation_stale_incident_follows"();
