CREATE TABLE "ticket_attachment_chunk" (
	"attachment_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "ticket_attachment_chunk_attachment_id_seq_pk" PRIMARY KEY("attachment_id","seq")
);
--> statement-breakpoint
ALTER TABLE "ticket_attachment" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD COLUMN "stored_in" text DEFAULT 'row' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachment" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "ticket_attachment_chunk" ADD CONSTRAINT "ticket_attachment_chunk_attachment_id_ticket_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."ticket_attachment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachment_ticket_idx" ON "ticket_attachment" USING btree ("ticket_id");