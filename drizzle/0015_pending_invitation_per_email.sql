-- hand-written: invitations sent twice before this index keep only their newest pending copy.
DELETE FROM "company_invitation" AS "older" USING "company_invitation" AS "newer"
WHERE "older"."accepted_at" IS NULL AND "newer"."accepted_at" IS NULL
  AND "older"."company_id" = "newer"."company_id" AND lower("older"."email") = lower("newer"."email")
  AND ("older"."created_at", "older"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitation_pending_email_idx" ON "company_invitation" USING btree ("company_id",lower("email")) WHERE "company_invitation"."accepted_at" is null;
