-- The price list is "pricing" everywhere; "plan" alone is the automation plan (issue 24).
ALTER TABLE "plan" RENAME TO "pricing_plan";--> statement-breakpoint
ALTER TABLE "pricing_plan" RENAME CONSTRAINT "plan_pkey" TO "pricing_plan_pkey";--> statement-breakpoint
ALTER TABLE "pricing_plan" RENAME CONSTRAINT "plan_slug_unique" TO "pricing_plan_slug_unique";--> statement-breakpoint
ALTER INDEX "plan_active_sort_idx" RENAME TO "pricing_plan_active_sort_idx";--> statement-breakpoint
ALTER TABLE "subscription" RENAME CONSTRAINT "subscription_plan_id_plan_id_fk" TO "subscription_plan_id_pricing_plan_id_fk";--> statement-breakpoint
ALTER TABLE "subscription" RENAME CONSTRAINT "subscription_scheduled_plan_id_plan_id_fk" TO "subscription_scheduled_plan_id_pricing_plan_id_fk";
