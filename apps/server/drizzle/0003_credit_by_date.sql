DROP INDEX "credit_transactions_customer";--> statement-breakpoint
CREATE INDEX "credit_transactions_customer" ON "credit_transactions" USING btree ("shop_id","customer_id","date");