-- The supplier notebook (packages/core/src/suppliers.ts): suppliers and their entries, walled off by shop like the others (0002).
CREATE TABLE "supplier_entries" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "supplier_entries_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"data" jsonb,
	"hlc" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "suppliers_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE INDEX "supplier_entries_feed" ON "supplier_entries" USING btree ("shop_id","server_seq");--> statement-breakpoint
CREATE INDEX "supplier_entries_supplier" ON "supplier_entries" USING btree ("shop_id","supplier_id");--> statement-breakpoint
CREATE INDEX "suppliers_feed" ON "suppliers" USING btree ("shop_id","server_seq");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "suppliers" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "suppliers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "suppliers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "suppliers"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "supplier_entries" TO hanouti_app;
--> statement-breakpoint
ALTER TABLE "supplier_entries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "supplier_entries" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "shop_isolation" ON "supplier_entries"
  USING ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid)
  WITH CHECK ("shop_id" = nullif(current_setting('app.shop_id', true), '')::uuid);
