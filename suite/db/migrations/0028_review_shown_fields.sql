ALTER TABLE "reviews" ADD COLUMN "shown_campaign_slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "shown_product_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "shown_brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "shown_image_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "shown_author_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A member's name as others see it (an author on the public pages, an applicant in the console):
-- "Former member" once the account is deleted, "Member" when it has no display name.
CREATE FUNCTION member_shown_name(display_name text, pseudonymized_at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN pseudonymized_at IS NOT NULL THEN 'Former member' ELSE coalesce(nullif(display_name, ''), 'Member') END
$$;--> statement-breakpoint
-- A review written, or moved to another campaign, product or author, takes their shown fields then.
-- Each is read with a share lock: a change to it not yet committed is waited for and then read, and
-- one begun after waits for this review to be committed, then finds it (the triggers below).
CREATE FUNCTION review_shown_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.slug INTO NEW.shown_campaign_slug FROM campaigns c WHERE c.id = NEW.campaign_id FOR SHARE;
  SELECT p.name, p.brand, coalesce(p.images ->> 0, '') INTO NEW.shown_product_name, NEW.shown_brand, NEW.shown_image_url
    FROM products p WHERE p.id = NEW.product_id FOR SHARE;
  SELECT member_shown_name(m.display_name, m.pseudonymized_at) INTO NEW.shown_author_name FROM members m WHERE m.id = NEW.member_id FOR SHARE;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_fill_shown BEFORE INSERT OR UPDATE OF campaign_id, product_id, member_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_shown_fill();--> statement-breakpoint
-- A campaign's new slug, a product's new name, brand or first image, an author's new name or deleted
-- account reach each of their reviews in the same transaction.
CREATE FUNCTION review_shown_follow_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reviews SET shown_campaign_slug = NEW.slug WHERE campaign_id = NEW.id AND shown_campaign_slug IS DISTINCT FROM NEW.slug;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER campaigns_follow_review_shown AFTER UPDATE OF slug ON campaigns
  FOR EACH ROW WHEN (OLD.slug IS DISTINCT FROM NEW.slug) EXECUTE FUNCTION review_shown_follow_campaign();--> statement-breakpoint
CREATE FUNCTION review_shown_follow_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Through the product's campaigns: reviews are found by campaign (reviews_campaign_idx).
  UPDATE reviews SET shown_product_name = NEW.name, shown_brand = NEW.brand, shown_image_url = coalesce(NEW.images ->> 0, '')
    WHERE campaign_id IN (SELECT c.id FROM campaigns c WHERE c.product_id = NEW.id) AND product_id = NEW.id
      AND (shown_product_name, shown_brand, shown_image_url) IS DISTINCT FROM (NEW.name, NEW.brand, coalesce(NEW.images ->> 0, ''));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_follow_review_shown AFTER UPDATE OF name, brand, images ON products
  FOR EACH ROW WHEN ((OLD.name, OLD.brand, OLD.images ->> 0) IS DISTINCT FROM (NEW.name, NEW.brand, NEW.images ->> 0))
  EXECUTE FUNCTION review_shown_follow_product();--> statement-breakpoint
CREATE FUNCTION review_shown_follow_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reviews SET shown_author_name = member_shown_name(NEW.display_name, NEW.pseudonymized_at)
    WHERE member_id = NEW.id AND shown_author_name IS DISTINCT FROM member_shown_name(NEW.display_name, NEW.pseudonymized_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER members_follow_review_shown AFTER UPDATE OF display_name, pseudonymized_at ON members
  FOR EACH ROW WHEN (member_shown_name(OLD.display_name, OLD.pseudonymized_at) IS DISTINCT FROM member_shown_name(NEW.display_name, NEW.pseudonymized_at))
  EXECUTE FUNCTION review_shown_follow_member();--> statement-breakpoint
-- The reviews written so far.
UPDATE reviews r SET shown_campaign_slug = c.slug, shown_product_name = p.name, shown_brand = p.brand,
    shown_image_url = coalesce(p.images ->> 0, ''), shown_author_name = member_shown_name(m.display_name, m.pseudonymized_at)
  FROM campaigns c, products p, members m
  WHERE c.id = r.campaign_id AND p.id = r.product_id AND m.id = r.member_id;
