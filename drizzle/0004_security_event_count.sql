ALTER TABLE "security_event" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "security_event" ADD COLUMN "aggregate_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "security_event_aggregate_key_idx" ON "security_event" USING btree ("aggregate_key");