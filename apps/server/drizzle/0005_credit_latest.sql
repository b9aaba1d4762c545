ALTER TABLE "customers" ADD COLUMN "credit_latest" timestamp with time zone;--> statement-breakpoint
UPDATE "customers" AS c SET "credit_latest" = (
  SELECT max(t."date") FROM "credit_transactions" AS t
  WHERE t."shop_id" = c."shop_id" AND t."customer_id" = c."id" AND NOT t."deleted"
) WHERE NOT c."deleted";
