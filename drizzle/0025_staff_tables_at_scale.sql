CREATE TABLE "client_summary_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_summary_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"full_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "automation_company_status_idx" ON "automation" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "invoice_created_idx" ON "invoice" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_status_created_idx" ON "invoice" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_open_company_due_idx" ON "invoice" USING btree ("company_id","due_at") WHERE "invoice"."status" = 'open';--> statement-breakpoint
CREATE INDEX "company_name_trgm_idx" ON "company" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_invitation_email_trgm_idx" ON "company_invitation" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "security_event_email_created_idx" ON "security_event" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "security_event_user_created_idx" ON "security_event" USING btree ("user_id","created_at");