CREATE TABLE "brand_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_uid" text,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "brand_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "brand_users" (
	"uid" text PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"invited_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_idx" ON "brands" USING btree (lower("name"));--> statement-breakpoint
-- Every brand a product already names becomes a brand (the first spelling met), and owns its products.
INSERT INTO "brands" ("name") SELECT DISTINCT ON (lower("brand")) "brand" FROM "products" ORDER BY lower("brand"), "brand" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "products" SET "brand_id" = "brands"."id" FROM "brands" WHERE lower("brands"."name") = lower("products"."brand");--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "brand_id" SET NOT NULL;--> statement-breakpoint
-- A product belongs to the brand it names: found by name (case aside), added when new. Set on every
-- insert and on every change of the name, whoever writes the row, so the two cannot disagree.
CREATE FUNCTION products_brand_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO brands (name) VALUES (NEW.brand) ON CONFLICT ((lower(name))) DO NOTHING;
  SELECT id INTO NEW.brand_id FROM brands WHERE lower(name) = lower(NEW.brand);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_brand_account BEFORE INSERT OR UPDATE OF brand, brand_id ON products FOR EACH ROW EXECUTE FUNCTION products_brand_account();--> statement-breakpoint
ALTER TABLE "brand_invitations" ADD CONSTRAINT "brand_invitations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_users" ADD CONSTRAINT "brand_users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_invitations_brand_idx" ON "brand_invitations" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "brand_users_brand_idx" ON "brand_users" USING btree ("brand_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");