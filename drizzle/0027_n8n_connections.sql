CREATE TABLE "execution_retry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"automation_id" uuid NOT NULL,
	"retried_execution_id" text NOT NULL,
	"new_execution_id" text NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_connection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"api_key_last4" text NOT NULL,
	"health" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"failure_alerted_at" timestamp with time zone,
	"sync_lease_until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"automation_id" uuid NOT NULL,
	"workflow_id" text NOT NULL,
	"workflow_name" text NOT NULL,
	"cursor" text,
	"last_synced_at" timestamp with time zone,
	"linked_by" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "execution_retry" ADD CONSTRAINT "execution_retry_link_id_workflow_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."workflow_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_retry" ADD CONSTRAINT "execution_retry_automation_id_automation_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_retry" ADD CONSTRAINT "execution_retry_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connection" ADD CONSTRAINT "platform_connection_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connection" ADD CONSTRAINT "platform_connection_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_link" ADD CONSTRAINT "workflow_link_connection_id_platform_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_link" ADD CONSTRAINT "workflow_link_automation_id_automation_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_link" ADD CONSTRAINT "workflow_link_linked_by_user_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "execution_retry_new_uq" ON "execution_retry" USING btree ("automation_id","new_execution_id");--> statement-breakpoint
CREATE INDEX "platform_connection_company_idx" ON "platform_connection" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_link_automation_uq" ON "workflow_link" USING btree ("automation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_link_workflow_uq" ON "workflow_link" USING btree ("connection_id","workflow_id");