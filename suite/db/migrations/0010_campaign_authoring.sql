CREATE TYPE "public"."selection_mode" AS ENUM('first-come', 'curated');--> statement-breakpoint
ALTER TYPE "public"."participation_status" ADD VALUE 'not-selected' BEFORE 'not-eligible';--> statement-breakpoint
CREATE TABLE "campaign_screeners" (
	"campaign_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_screeners_campaign_id_version_pk" PRIMARY KEY("campaign_id","version")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "selection_mode" "selection_mode" DEFAULT 'first-come' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "screener_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_by_name" text;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "unchosen_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "screener_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_screeners" ADD CONSTRAINT "campaign_screeners_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "categories" ("slug", "name") VALUES ('beauty', 'Beauty'), ('personal-care', 'Personal care'), ('food-drink', 'Food and drink'), ('home', 'Home'), ('kitchen', 'Kitchen'), ('baby', 'Baby'), ('pets', 'Pets'), ('tech', 'Tech'), ('health', 'Health'), ('outdoors', 'Outdoors');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP TYPE "public"."product_category";
