CREATE TABLE "hours_notice" (
	"company_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"threshold" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hours_notice_company_id_period_start_threshold_pk" PRIMARY KEY("company_id","period_start","threshold")
);
--> statement-breakpoint
CREATE TABLE "hours_override" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"included_minutes" integer NOT NULL,
	"overage_rate_minor" integer NOT NULL,
	"hours_rollover" boolean NOT NULL,
	"rollover_cap_minutes" integer NOT NULL,
	"overage_needs_approval" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hours_plan_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"included_minutes_before" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hours_settlement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"included_minutes" integer NOT NULL,
	"rolled_in_minutes" integer NOT NULL,
	"used_minutes" integer NOT NULL,
	"overage_minutes" integer NOT NULL,
	"rate_minor" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"rollover_out_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "running_timer" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"ticket_id" uuid,
	"plan_item_id" uuid,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"ticket_id" uuid,
	"plan_item_id" uuid,
	"day" date NOT NULL,
	"minutes" integer NOT NULL,
	"description" text NOT NULL,
	"internal_note" text,
	"billable" boolean DEFAULT true NOT NULL,
	"user_id" text,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"approval" text,
	"settlement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pricing_plan" ADD COLUMN "included_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_plan" ADD COLUMN "overage_rate_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_plan" ADD COLUMN "hours_rollover" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_plan" ADD COLUMN "rollover_cap_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_plan" ADD COLUMN "overage_needs_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hours_notice" ADD CONSTRAINT "hours_notice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_override" ADD CONSTRAINT "hours_override_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_plan_change" ADD CONSTRAINT "hours_plan_change_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_settlement" ADD CONSTRAINT "hours_settlement_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timer" ADD CONSTRAINT "running_timer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timer" ADD CONSTRAINT "running_timer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timer" ADD CONSTRAINT "running_timer_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timer" ADD CONSTRAINT "running_timer_plan_item_id_plan_item_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."plan_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry" ADD CONSTRAINT "time_entry_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry" ADD CONSTRAINT "time_entry_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry" ADD CONSTRAINT "time_entry_plan_item_id_plan_item_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."plan_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry" ADD CONSTRAINT "time_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry" ADD CONSTRAINT "time_entry_settlement_id_hours_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."hours_settlement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hours_plan_change_company_idx" ON "hours_plan_change" USING btree ("company_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "hours_settlement_company_period_idx" ON "hours_settlement" USING btree ("company_id","period_start");--> statement-breakpoint
CREATE INDEX "time_entry_company_day_idx" ON "time_entry" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "time_entry_settlement_idx" ON "time_entry" USING btree ("settlement_id");