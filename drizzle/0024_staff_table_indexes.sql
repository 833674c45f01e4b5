CREATE INDEX "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "automation_company_status_idx" ON "automation" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "invoice_created_idx" ON "invoice" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_status_created_idx" ON "invoice" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "company_name_trgm_idx" ON "company" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_invitation_email_trgm_idx" ON "company_invitation" USING gin ("email" gin_trgm_ops);