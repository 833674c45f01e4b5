ALTER TABLE "ticket" ADD COLUMN "sla_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "plan_item_queue_idx" ON "plan_item" USING btree ((case "state"
    when 'requested' then 0 when 'approved' then 0 when 'building' then 1 when 'proposed' then 2
    when 'live' then 3 else 4 end),"state_changed_at","id");--> statement-breakpoint
CREATE INDEX "ticket_sla_queue_idx" ON "ticket" USING btree ("sla_due_at","last_message_at" DESC NULLS FIRST,"id");