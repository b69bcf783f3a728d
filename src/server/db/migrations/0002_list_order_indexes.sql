DROP INDEX "orders_email_idx";--> statement-breakpoint
DROP INDEX "orders_user_id_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "reviews_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at","id");