ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;