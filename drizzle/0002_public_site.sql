CREATE TABLE "contact_lead" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"phone" text,
	"website" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"monthly_price_minor" integer NOT NULL,
	"yearly_price_minor" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"included_automations" integer NOT NULL,
	"monthly_run_allowance" integer NOT NULL,
	"support_level" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "contact_lead_created_at_idx" ON "contact_lead" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_lead_status_idx" ON "contact_lead" USING btree ("status");--> statement-breakpoint
CREATE INDEX "plan_active_sort_idx" ON "plan" USING btree ("active","sort_order");--> statement-breakpoint
-- The three plans on sale at launch; billing reads the same rows. Prices in cents.
INSERT INTO "plan" ("slug", "name", "summary", "monthly_price_minor", "yearly_price_minor", "currency", "included_automations", "monthly_run_allowance", "support_level", "features", "sort_order") VALUES
	('starter', 'Starter', 'For a team automating its first few processes.', 49000, 490000, 'EUR', 3, 5000, 'Email, answered next business day', '["Discovery workshop and automation roadmap","Run monitoring and failure alerts","Monthly time-saved report","Client portal for your whole team"]'::jsonb, 1),
	('growth', 'Growth', 'For operations teams with several processes to hand over.', 129000, 1290000, 'EUR', 10, 50000, 'Priority email and chat, answered within 4 business hours', '["Everything in Starter","Quarterly roadmap review","Changes to live automations included","Test runs on sample data before every change"]'::jsonb, 2),
	('scale', 'Scale', 'For companies whose operations run on automations.', 299000, 2990000, 'EUR', 30, 250000, 'Named engineer, failures answered within 1 hour in business hours', '["Everything in Growth","Custom code and self-hosted n8n","Monthly review with your engineer","Run history export and access reviews"]'::jsonb, 3)
ON CONFLICT ("slug") DO NOTHING;