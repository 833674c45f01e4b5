CREATE TABLE "client_summary_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_summary_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"full_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
