-- Purchases made before the snapshot columns keep the plan as it stands now: the closest record
-- of what was bought. New purchases store it at the moment of purchase.
UPDATE "purchases" AS pu
SET "price" = p."price",
    "currency" = p."currency",
    "duration_days" = p."duration_days",
    "all_modules" = p."all_modules",
    "module_ids" = coalesce(
      (SELECT array_agg(pm."module_id" ORDER BY pm."module_id") FROM "plan_modules" pm WHERE pm."plan_id" = p."id"),
      '{}'
    )
FROM "plans" AS p
WHERE p."id" = pu."plan_id";
