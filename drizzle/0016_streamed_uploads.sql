ALTER TABLE "ticket_attachment" ALTER COLUMN "ticket_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD COLUMN "uploaded_by" text;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD CONSTRAINT "ticket_attachment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD CONSTRAINT "ticket_attachment_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachment_upload_idx" ON "ticket_attachment" USING btree ("company_id","created_at") WHERE "ticket_attachment"."message_id" is null;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD CONSTRAINT "ticket_attachment_on_a_message" CHECK (("ticket_attachment"."ticket_id" is null) = ("ticket_attachment"."message_id" is null));