CREATE TABLE "accounts" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"sale_id" uuid,
	"data" jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "credit_transactions_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"data" jsonb,
	"hlc" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"credit_balance" bigint DEFAULT 0 NOT NULL,
	"total_purchases" bigint DEFAULT 0 NOT NULL,
	"last_purchase" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "customers_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"shop_id" uuid NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "devices_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "login_directory" (
	"login" text PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"account_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"shop_id" uuid NOT NULL,
	"op_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"seq" bigint,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"payload_hash" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operations_shop_id_op_id_pk" PRIMARY KEY("shop_id","op_id")
);
--> statement-breakpoint
CREATE TABLE "pairing_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"data" jsonb,
	"hlc" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"stock" numeric(16, 3) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "products_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"shop_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"total" bigint NOT NULL,
	"vat_rate" integer NOT NULL,
	"vat" bigint NOT NULL,
	CONSTRAINT "sale_items_shop_id_sale_id_line_pk" PRIMARY KEY("shop_id","sale_id","line")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"customer_id" uuid,
	"date" timestamp with time zone NOT NULL,
	"total" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "sales_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"shop_id" uuid NOT NULL,
	"id" text NOT NULL,
	"data" jsonb NOT NULL,
	"hlc" text NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "settings_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"shop_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delta" numeric(16, 3) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sale_id" uuid,
	"data" jsonb NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "stock_movements_shop_id_id_pk" PRIMARY KEY("shop_id","id")
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_transactions_feed" ON "credit_transactions" USING btree ("shop_id","server_seq");--> statement-breakpoint
CREATE INDEX "credit_transactions_customer" ON "credit_transactions" USING btree ("shop_id","customer_id");--> statement-breakpoint
CREATE INDEX "customers_feed" ON "customers" USING btree ("shop_id","server_seq");--> statement-breakpoint
CREATE INDEX "customers_created" ON "customers" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "operations_rejected" ON "operations" USING btree ("shop_id","status");--> statement-breakpoint
CREATE INDEX "products_feed" ON "products" USING btree ("shop_id","server_seq");--> statement-breakpoint
CREATE INDEX "products_created" ON "products" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_device" ON "refresh_tokens" USING btree ("shop_id","device_id");--> statement-breakpoint
CREATE INDEX "sales_feed" ON "sales" USING btree ("shop_id","server_seq");--> statement-breakpoint
CREATE INDEX "sales_date" ON "sales" USING btree ("shop_id","date");--> statement-breakpoint
CREATE INDEX "sales_customer" ON "sales" USING btree ("shop_id","customer_id");--> statement-breakpoint
CREATE INDEX "settings_feed" ON "settings" USING btree ("shop_id","server_seq");--> statement-breakpoint
CREATE INDEX "stock_movements_feed" ON "stock_movements" USING btree ("shop_id","server_seq");--> statement-breakpoint
CREATE INDEX "stock_movements_product" ON "stock_movements" USING btree ("shop_id","product_id");