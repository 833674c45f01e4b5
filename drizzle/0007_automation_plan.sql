CREATE TABLE "plan_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"side" text NOT NULL,
	"body" text NOT NULL,
	"noticed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"item_id" uuid NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"side" text NOT NULL,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"problem" text NOT NULL,
	"trigger_description" text NOT NULL,
	"systems" text NOT NULL,
	"times_per_month" integer NOT NULL,
	"minutes_each" integer NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"wished_date" date,
	"state" text DEFAULT 'requested' NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proposal_version" integer,
	"approved_version" integer,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"decline_reason" text,
	"retire_reason" text,
	"automation_id" uuid,
	"reminded_version" integer,
	"client_notice_at" timestamp with time zone,
	"staff_notice_at" timestamp with time zone,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_proposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"scope" text NOT NULL,
	"platform" text NOT NULL,
	"hours_per_month" integer NOT NULL,
	"setup_fee_minor" integer NOT NULL,
	"monthly_fee_change_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"target_date" date,
	"setup_fee_billed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_comment" ADD CONSTRAINT "plan_comment_item_id_plan_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."plan_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_comment" ADD CONSTRAINT "plan_comment_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_history" ADD CONSTRAINT "plan_history_item_id_plan_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."plan_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item" ADD CONSTRAINT "plan_item_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item" ADD CONSTRAINT "plan_item_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item" ADD CONSTRAINT "plan_item_automation_id_automation_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_item" ADD CONSTRAINT "plan_item_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_proposal" ADD CONSTRAINT "plan_proposal_item_id_plan_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."plan_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_proposal" ADD CONSTRAINT "plan_proposal_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_comment_item_idx" ON "plan_comment" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_history_item_idx" ON "plan_history" USING btree ("item_id","at");--> statement-breakpoint
CREATE INDEX "plan_item_company_idx" ON "plan_item" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_item_state_idx" ON "plan_item" USING btree ("state","state_changed_at");--> statement-breakpoint
CREATE INDEX "plan_item_automation_idx" ON "plan_item" USING btree ("automation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_proposal_version_uq" ON "plan_proposal" USING btree ("item_id","version");--> statement-breakpoint
-- hand-written below
CREATE FUNCTION "plan_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A delete cascading from its item (the company left) is the one removal allowed.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "plan_item" WHERE "id" = OLD."item_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The plan history is append-only: entries are never edited or deleted.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plan_history_no_update_or_delete" BEFORE UPDATE OR DELETE ON "plan_history"
  FOR EACH ROW EXECUTE FUNCTION "plan_history_append_only"();--> statement-breakpoint
-- Whichever way an automation goes live (the plan's "Mark live", the automation form), the
-- plan items it was built for become Live in the same transaction, with their history row.
CREATE FUNCTION "plan_item_follows_automation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'live' AND OLD."status" IS DISTINCT FROM 'live' THEN
    WITH moved AS (
      UPDATE "plan_item" SET "state" = 'live', "state_changed_at" = now(), "updated_at" = now()
      WHERE "automation_id" = NEW."id" AND "state" = 'building'
      RETURNING "id"
    )
    INSERT INTO "plan_history" ("item_id", "actor_id", "actor_name", "side", "field", "from_value", "to_value", "comment")
    SELECT moved."id", NEW."updated_by", COALESCE((SELECT COALESCE(NULLIF("name", ''), "email") FROM "user" WHERE "id" = NEW."updated_by"), 'Cogwork'),
      'staff', 'state', 'building', 'live', 'Its automation went live.'
    FROM moved;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plan_item_live_with_automation" AFTER UPDATE OF "status" ON "automation"
  FOR EACH ROW EXECUTE FUNCTION "plan_item_follows_automation"();
