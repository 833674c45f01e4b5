CREATE TABLE "session_change" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_change_changed_at_idx" ON "session_change" USING btree ("changed_at");--> statement-breakpoint
-- hand-written below
-- Every change that must end or alter a session kept in a server's memory is logged for its account.
CREATE FUNCTION "session_change_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "session_change" ("user_id") VALUES (OLD."user_id");
    RETURN OLD;
  END IF;
  INSERT INTO "session_change" ("user_id") VALUES (NEW."user_id");
  IF TG_OP = 'UPDATE' THEN
    IF OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
      INSERT INTO "session_change" ("user_id") VALUES (OLD."user_id");
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "session_change_log_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "session_change" ("user_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "session_deleted" AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "session_change_log"();--> statement-breakpoint
-- Sliding the idle expiry forward (Better Auth, once a minute while in use) is not a change; shortening it is.
CREATE TRIGGER "session_changed" AFTER UPDATE ON "session"
  FOR EACH ROW WHEN (
    OLD."token" IS DISTINCT FROM NEW."token" OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
    OR NEW."expires_at" < OLD."expires_at" OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
    OR OLD."impersonated_by" IS DISTINCT FROM NEW."impersonated_by"
    OR OLD."viewing_company_id" IS DISTINCT FROM NEW."viewing_company_id"
    OR OLD."viewing_until" IS DISTINCT FROM NEW."viewing_until"
  ) EXECUTE FUNCTION "session_change_log"();--> statement-breakpoint
CREATE TRIGGER "user_changed" AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "session_change_log_user"();--> statement-breakpoint
CREATE TRIGGER "password_changed" AFTER UPDATE OF "password" ON "account"
  FOR EACH ROW WHEN (OLD."password" IS DISTINCT FROM NEW."password") EXECUTE FUNCTION "session_change_log"();
--> statement-breakpoint
-- A company membership (and the company's name and status it carries) is kept with the sessions too.
CREATE TRIGGER "membership_changed" AFTER INSERT OR UPDATE OR DELETE ON "company_member"
  FOR EACH ROW EXECUTE FUNCTION "session_change_log"();--> statement-breakpoint
CREATE FUNCTION "session_change_log_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "session_change" ("user_id")
    SELECT "user_id" FROM "company_member" WHERE "company_id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "company_changed" AFTER UPDATE OR DELETE ON "company"
  FOR EACH ROW EXECUTE FUNCTION "session_change_log_company"();
