-- Row-level security: a second wall between shops, behind the shop_id filter of every query.
-- The server runs each shop's work as the role hanouti_app (not the tables' owner, never a superuser) with
-- app.shop_id set for the transaction (src/db/shopScope.ts); RLS is FORCED so that even the owner is held.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'hanouti_app') THEN
    CREATE ROLE hanouti_app NOLOGIN;
  END IF;
END $$;
--> statement-breakpoint
GRANT hanouti_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO hanouti_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "shops" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "shops" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "shops" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "shops"
  USING ("id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "accounts" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "accounts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "accounts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "accounts"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "devices" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "devices" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "devices" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "devices"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "refresh_tokens" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "refresh_tokens"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "operations" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "operations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "operations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "operations"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "products" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "products" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "products" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "products"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "customers" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "customers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "customers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "customers"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "settings" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "settings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "settings"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "sales" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "sales" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "sales" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "sales"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "sale_items" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "sale_items" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "sale_items" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "sale_items"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "stock_movements" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "stock_movements" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "stock_movements"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "credit_transactions" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "credit_transactions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "credit_transactions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "credit_transactions"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "photos" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "photos" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "photos" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "photos"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
-- The directory tables only point at a shop; the role reads them and adds to them, through the server's checks.
GRANT SELECT, INSERT, UPDATE, DELETE ON "login_directory", "pairing_codes" TO hanouti_app;
