CREATE TABLE "company_standing" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"subscription_status" text,
	"open_invoice_due_at" timestamp with time zone,
	"automations_paused" integer DEFAULT 0 NOT NULL,
	"automations_working" integer DEFAULT 0 NOT NULL,
	"open_tickets" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_standing" ADD CONSTRAINT "company_standing_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_standing_open_tickets_idx" ON "company_standing" USING btree ("open_tickets","company_id");