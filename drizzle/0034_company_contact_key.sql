ALTER TABLE "company_standing" ADD COLUMN "contact_key" text;--> statement-breakpoint
-- Hand-written (ADR 0035): drizzle's schema cannot declare triggers. A company's `contact_key` (the
-- clients table's sort by contact) is its first owner's name, or email when the name is empty, in
-- lower case: the owner `mainContacts` shows (modules/companies/client-contacts.ts). It follows
-- company_member and "user", written by services, tests and imports alike, so the database keeps
-- it. The rows are locked first, in company order, and the key is read by the next statement, as
-- company_standing_recompute does (migration 0029): two transactions adding owners to one company
-- do not leave a key that misses the other's owner.
CREATE FUNCTION "company_contact_key_recompute"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "company_standing" WHERE "company_id" = ANY(ids) ORDER BY "company_id" FOR UPDATE;
  UPDATE "company_standing" s SET "contact_key" = k."key"
  FROM (
    SELECT c."id", (
      SELECT lower(coalesce(nullif(u."name", ''), u."email"))
      FROM "company_member" m JOIN "user" u ON u."id" = m."user_id"
      WHERE m."company_id" = c."id" AND m."role" = 'owner'
      ORDER BY m."created_at", m."user_id" LIMIT 1) AS "key"
    FROM unnest(ids) AS c("id")
  ) k
  WHERE s."company_id" = k."id" AND s."contact_key" IS DISTINCT FROM k."key";
END;
$$;--> statement-breakpoint
CREATE FUNCTION "company_contact_key_after_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "company_contact_key_recompute"(ARRAY(SELECT DISTINCT "company_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "company_contact_key_recompute"(ARRAY(SELECT DISTINCT "company_id" FROM old_rows));
  ELSE
    PERFORM "company_contact_key_recompute"(ARRAY(
      SELECT "company_id" FROM new_rows UNION SELECT "company_id" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "company_contact_key_members_insert" AFTER INSERT ON "company_member"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_contact_key_after_members"();--> statement-breakpoint
CREATE TRIGGER "company_contact_key_members_update" AFTER UPDATE ON "company_member"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "company_contact_key_after_members"();--> statement-breakpoint
CREATE TRIGGER "company_contact_key_members_delete" AFTER DELETE ON "company_member"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_contact_key_after_members"();--> statement-breakpoint
-- A renamed owner, or a new email: the companies the account owns. Fires only when one changes.
CREATE FUNCTION "company_contact_key_after_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "company_contact_key_recompute"(ARRAY(
    SELECT "company_id" FROM "company_member" WHERE "user_id" = NEW."id" AND "role" = 'owner'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "company_contact_key_user_update" AFTER UPDATE OF "name", "email" ON "user"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "company_contact_key_after_user"();--> statement-breakpoint
-- The companies written before this migration.
SELECT "company_contact_key_recompute"(ARRAY(SELECT "id" FROM "company"));
