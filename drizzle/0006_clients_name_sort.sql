DROP INDEX "company_name_idx";--> statement-breakpoint
CREATE INDEX "company_name_lower_idx" ON "company" USING btree (lower("name"),"id");