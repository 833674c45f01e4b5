CREATE TABLE "security_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"user_id" text,
	"email" text,
	"ip" text,
	"path" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_event_created_idx" ON "security_event" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_event_type_created_idx" ON "security_event" USING btree ("type","created_at");