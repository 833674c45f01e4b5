-- Hand-written data migration (ADR 0033): the three plans on sale at launch (migration 0002) get the
-- retainer hours the demo story also uses. Only a plan whose hours terms are all still the column
-- defaults, and whose currency is still EUR (the rates are euro cents), is touched: terms staff set
-- with PUT /api/staff/plan-hours are never overwritten.
UPDATE "pricing_plan" AS p SET
  "included_minutes" = t."included_minutes",
  "overage_rate_minor" = t."overage_rate_minor",
  "hours_rollover" = t."hours_rollover",
  "rollover_cap_minutes" = t."rollover_cap_minutes",
  "overage_needs_approval" = t."overage_needs_approval"
FROM (VALUES
  ('starter', 300, 9500, false, 0, true),
  ('growth', 600, 9500, true, 300, false),
  ('scale', 1200, 8500, true, 600, false)
) AS t("slug", "included_minutes", "overage_rate_minor", "hours_rollover", "rollover_cap_minutes", "overage_needs_approval")
WHERE p."slug" = t."slug"
  AND p."currency" = 'EUR'
  AND p."included_minutes" = 0
  AND p."overage_rate_minor" = 0
  AND p."hours_rollover" = false
  AND p."rollover_cap_minutes" = 0
  AND p."overage_needs_approval" = false;
