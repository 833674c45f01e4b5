CREATE TABLE "canned_reply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_target" (
	"priority" text PRIMARY KEY NOT NULL,
	"first_response_minutes" integer NOT NULL,
	"resolution_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"opened_by" text,
	"assignee_id" text,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"automation_id" uuid,
	"run_id" uuid,
	"run_snapshot" jsonb,
	"previous_ticket_id" uuid,
	"first_responded_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"paused_since" timestamp with time zone,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"outbox_id" uuid NOT NULL,
	"message_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" text,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"via" text DEFAULT 'portal' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_reply_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_watcher" (
	"ticket_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "ticket_watcher_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "references" text;--> statement-breakpoint
ALTER TABLE "canned_reply" ADD CONSTRAINT "canned_reply_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_automation_id_automation_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_run_id_automation_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_run"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD CONSTRAINT "ticket_attachment_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD CONSTRAINT "ticket_attachment_message_id_ticket_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."ticket_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_mail" ADD CONSTRAINT "ticket_mail_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_mail" ADD CONSTRAINT "ticket_mail_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_message" ADD CONSTRAINT "ticket_message_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_message" ADD CONSTRAINT "ticket_message_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reply_token" ADD CONSTRAINT "ticket_reply_token_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reply_token" ADD CONSTRAINT "ticket_reply_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_watcher" ADD CONSTRAINT "ticket_watcher_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_watcher" ADD CONSTRAINT "ticket_watcher_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_company_idx" ON "ticket" USING btree ("company_id","last_message_at");--> statement-breakpoint
CREATE INDEX "ticket_status_idx" ON "ticket" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ticket_assignee_idx" ON "ticket" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "ticket_attachment_message_idx" ON "ticket_attachment" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "ticket_mail_ticket_idx" ON "ticket_mail" USING btree ("ticket_id","recipient","created_at");--> statement-breakpoint
CREATE INDEX "ticket_message_ticket_idx" ON "ticket_message" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_reply_token_ticket_idx" ON "ticket_reply_token" USING btree ("ticket_id","user_id");--> statement-breakpoint
-- hand-written below
-- The default service targets, in minutes (staff may change them).
INSERT INTO "sla_target" ("priority", "first_response_minutes", "resolution_minutes") VALUES
	('urgent', 60, 480), ('high', 240, 1440), ('normal', 480, 4320), ('low', 1440, 10080);
--> statement-breakpoint
-- Every problem reported on a run so far becomes a broken-automation ticket (same id), its message the first of the thread.
INSERT INTO "ticket" ("id", "company_id", "opened_by", "subject", "category", "priority", "status", "automation_id", "run_id", "run_snapshot", "resolved_at", "last_message_at", "created_at", "updated_at")
SELECT p."id", p."company_id", p."user_id", left('Problem with ' || a."name", 255), 'broken_automation', 'normal',
	p."status", p."automation_id", p."run_id",
	CASE WHEN r."id" IS NULL THEN NULL ELSE jsonb_build_object(
		'status', r."status",
		'startedAt', to_char(r."started_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		'errorMessage', r."error_message") END,
	CASE WHEN p."status" = 'resolved' THEN now() ELSE NULL END,
	p."created_at", p."created_at", p."created_at"
FROM "run_problem_report" p
JOIN "automation" a ON a."id" = p."automation_id"
LEFT JOIN "automation_run" r ON r."id" = p."run_id";
--> statement-breakpoint
INSERT INTO "ticket_message" ("ticket_id", "author_id", "side", "kind", "via", "body", "created_at")
SELECT p."id", p."user_id", 'client', 'public', 'portal', p."message", p."created_at" FROM "run_problem_report" p;
--> statement-breakpoint
DROP TABLE "run_problem_report";
--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_previous_ticket_id_fk" FOREIGN KEY ("previous_ticket_id") REFERENCES "ticket"("id") ON DELETE set null;
