CREATE TABLE "company_standing" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"subscription_status" text,
	"open_invoice_due_at" timestamp with time zone,
	"automations_paused" integer DEFAULT 0 NOT NULL,
	"automations_working" integer DEFAULT 0 NOT NULL,
	"open_tickets" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "automation_run_daily_company_day_idx";--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "require_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD COLUMN "send_to_stripe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD COLUMN "stripe_invoice_item_id" text;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "company_standing" ADD CONSTRAINT "company_standing_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_standing_open_tickets_idx" ON "company_standing" USING btree ("open_tickets","company_id");--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD CONSTRAINT "hours_settlement_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_run_daily_company_day_figures_idx" ON "automation_run_daily" USING btree ("company_id","day","success","failed","running","skipped","minutes_saved");--> statement-breakpoint
CREATE INDEX "ticket_run_idx" ON "ticket" USING btree ("run_id") WHERE "ticket"."run_id" is not null;