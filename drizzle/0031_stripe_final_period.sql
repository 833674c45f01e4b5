ALTER TABLE "hours_settlement" ADD COLUMN "stripe_end_collection" text;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD COLUMN "stripe_days_until_due" integer;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD COLUMN "stripe_invoice_id" text;