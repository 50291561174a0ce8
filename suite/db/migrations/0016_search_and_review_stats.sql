CREATE TABLE "review_stats" (
	"campaign_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"reviews" integer NOT NULL,
	CONSTRAINT "review_stats_campaign_id_product_id_rating_pk" PRIMARY KEY("campaign_id","product_id","rating")
);
--> statement-breakpoint
DROP INDEX "reviews_published_idx";--> statement-breakpoint
ALTER TABLE "review_stats" ADD CONSTRAINT "review_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stats" ADD CONSTRAINT "review_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_stats_product_idx" ON "review_stats" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "members_email_prefix_idx" ON "members" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_first_name_prefix_idx" ON "members" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_last_name_prefix_idx" ON "members" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_full_name_prefix_idx" ON "members" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_display_name_prefix_idx" ON "members" USING btree (lower("display_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reviews_public_idx" ON "reviews" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"rating") WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_public_campaign_idx" ON "reviews" USING btree ("campaign_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_public_product_idx" ON "reviews" USING btree ("product_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."status" = 'published';--> statement-breakpoint
-- review_stats follows every published review: one less for the row a review leaves (unpublished,
-- changed or removed), one more for the row it enters, in the same transaction.
CREATE FUNCTION review_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
    UPDATE review_stats SET reviews = reviews - 1
      WHERE campaign_id = OLD.campaign_id AND product_id = OLD.product_id AND rating = OLD.rating;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    INSERT INTO review_stats (campaign_id, product_id, rating, reviews) VALUES (NEW.campaign_id, NEW.product_id, NEW.rating, 1)
      ON CONFLICT (campaign_id, product_id, rating) DO UPDATE SET reviews = review_stats.reviews + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_follow_stats AFTER INSERT OR DELETE OR UPDATE OF status, rating, campaign_id, product_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_stats_follow();--> statement-breakpoint
INSERT INTO review_stats (campaign_id, product_id, rating, reviews)
  SELECT campaign_id, product_id, rating, count(*) FROM reviews WHERE status = 'published' GROUP BY campaign_id, product_id, rating;
