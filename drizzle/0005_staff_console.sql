CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"actor_ip" text,
	"action" text NOT NULL,
	"company_id" uuid,
	"object_type" text NOT NULL,
	"object_id" text,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_summary" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"automations_live" integer DEFAULT 0 NOT NULL,
	"automations_total" integer DEFAULT 0 NOT NULL,
	"runs_7d" integer DEFAULT 0 NOT NULL,
	"failed_7d" integer DEFAULT 0 NOT NULL,
	"minutes_saved_30d" bigint DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "viewing_company_id" uuid;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "viewing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_lead" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_lead" ADD COLUMN "converted_company_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_lead" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "client_summary" ADD CONSTRAINT "client_summary_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_created_idx" ON "audit_log" USING btree ("company_id","created_at","id");--> statement-breakpoint
ALTER TABLE "contact_lead" ADD CONSTRAINT "contact_lead_converted_company_id_company_id_fk" FOREIGN KEY ("converted_company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_name_idx" ON "company" USING btree ("name");--> statement-breakpoint
CREATE INDEX "company_status_idx" ON "company" USING btree ("status");--> statement-breakpoint
UPDATE "contact_lead" SET "status" = 'lost' WHERE "status" = 'closed';--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: entries are never edited or deleted.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
