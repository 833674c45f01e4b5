DROP INDEX "company_status_idx";--> statement-breakpoint
ALTER TABLE "company" DROP COLUMN "status";