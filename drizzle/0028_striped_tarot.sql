ALTER TABLE "hours_settlement" ADD COLUMN "send_to_stripe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD COLUMN "stripe_invoice_item_id" text;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD CONSTRAINT "hours_settlement_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE set null ON UPDATE no action;