CREATE TABLE "billing_profile" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"vat_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_number_counter" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "corrects_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "payee" jsonb;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "payer" jsonb;--> statement-breakpoint
ALTER TABLE "billing_profile" ADD CONSTRAINT "billing_profile_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_corrects_invoice_id_invoice_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoice"("id") ON DELETE no action ON UPDATE no action;