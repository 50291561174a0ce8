CREATE TABLE "flight_applicant_counts" (
	"flight_id" uuid PRIMARY KEY NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"selected" integer DEFAULT 0 NOT NULL,
	"waitlisted" integer DEFAULT 0 NOT NULL,
	"not_selected" integer DEFAULT 0 NOT NULL,
	"not_eligible" integer DEFAULT 0 NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_queue_counts" (
	"campaign_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"reviews" integer NOT NULL,
	CONSTRAINT "moderation_queue_counts_campaign_id_rating_pk" PRIMARY KEY("campaign_id","rating")
);
--> statement-breakpoint
-- moderation_queue_counts follows every review waiting for moderation: one less for the row a review
-- leaves (decided, changed or removed), one more for the row it enters. The trigger is deferred to the
-- commit, so a transaction takes these rows last, after whatever else it changed (participations and
-- the flights' counts, say): two transactions do not hold them and those in opposite orders.
CREATE FUNCTION moderation_queue_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A waiting review moved between two rows (its rating changed) takes both in one order.
  IF TG_OP = 'UPDATE' AND OLD.status = 'pending' AND NEW.status = 'pending' THEN
    PERFORM 1 FROM moderation_queue_counts
      WHERE (campaign_id, rating) IN ((OLD.campaign_id, OLD.rating), (NEW.campaign_id, NEW.rating)) ORDER BY campaign_id, rating FOR UPDATE;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'pending' THEN
    UPDATE moderation_queue_counts SET reviews = reviews - 1 WHERE campaign_id = OLD.campaign_id AND rating = OLD.rating;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'pending' THEN
    INSERT INTO moderation_queue_counts (campaign_id, rating, reviews) VALUES (NEW.campaign_id, NEW.rating, 1)
      ON CONFLICT (campaign_id, rating) DO UPDATE SET reviews = moderation_queue_counts.reviews + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reviews_follow_moderation_queue AFTER INSERT OR DELETE OR UPDATE OF status, rating, campaign_id ON reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION moderation_queue_follow();--> statement-breakpoint
-- The reviews waiting now (the migration; `npm run bench:large` after its bulk insert with the trigger off).
CREATE FUNCTION moderation_queue_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM moderation_queue_counts;
  INSERT INTO moderation_queue_counts (campaign_id, rating, reviews)
    SELECT campaign_id, rating, count(*) FROM reviews WHERE status = 'pending' GROUP BY campaign_id, rating;
$$;--> statement-breakpoint
SELECT moderation_queue_refill();
--> statement-breakpoint
-- flight_applicant_counts follows every participation: for each statement, one less in the status a
-- participation leaves, one more in the one it enters, summed per flight onto the flight's one row.
-- The triggers are named to fire after the results' (which take the rows of result_flight_counts of
-- the flights' campaigns); the flights' rows of result_flight_counts are taken here too, before
-- their rows of flight_applicant_counts, so that every change takes the two in one order. Statuses
-- are compared as text: an earlier migration of the same transaction added one of them to the enum.
CREATE FUNCTION flight_applicants_apply(f uuid[], s text[], n integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM result_flight_counts WHERE flight_id = ANY(f) ORDER BY flight_id FOR NO KEY UPDATE;
  INSERT INTO flight_applicant_counts AS c (flight_id, applied, selected, waitlisted, not_selected, not_eligible, shipped, delivered, reviewed, completed, withdrawn)
    SELECT flight_id,
      coalesce(sum(n) FILTER (WHERE status = 'applied'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'selected'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'waitlisted'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'not-selected'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'not-eligible'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'shipped'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'delivered'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'reviewed'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'completed'), 0),
      coalesce(sum(n) FILTER (WHERE status = 'withdrawn'), 0)
    FROM unnest(f, s, n) AS d(flight_id, status, n) GROUP BY flight_id ORDER BY flight_id
    ON CONFLICT (flight_id) DO UPDATE SET
      applied = c.applied + excluded.applied,
      selected = c.selected + excluded.selected,
      waitlisted = c.waitlisted + excluded.waitlisted,
      not_selected = c.not_selected + excluded.not_selected,
      not_eligible = c.not_eligible + excluded.not_eligible,
      shipped = c.shipped + excluded.shipped,
      delivered = c.delivered + excluded.delivered,
      reviewed = c.reviewed + excluded.reviewed,
      completed = c.completed + excluded.completed,
      withdrawn = c.withdrawn + excluded.withdrawn;
$$;--> statement-breakpoint
CREATE FUNCTION flight_applicants_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f uuid[];
  s text[];
  n integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(flight_id), array_agg(status::text), array_agg(1) INTO f, s, n FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(flight_id), array_agg(status::text), array_agg(-1) INTO f, s, n FROM old_rows;
  ELSE
    SELECT array_agg(x.flight_id), array_agg(x.status), array_agg(x.n) INTO f, s, n FROM (
      SELECT o.flight_id, o.status::text AS status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.flight_id, o.status) IS DISTINCT FROM (w.flight_id, w.status)
      UNION ALL
      SELECT w.flight_id, w.status::text, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.flight_id, o.status) IS DISTINCT FROM (w.flight_id, w.status)) x;
  END IF;
  IF f IS NULL THEN RETURN NULL; END IF;
  PERFORM flight_applicants_apply(f, s, n);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sync_flight_applicants_insert AFTER INSERT ON participations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION flight_applicants_follow();--> statement-breakpoint
CREATE TRIGGER sync_flight_applicants_update AFTER UPDATE ON participations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION flight_applicants_follow();--> statement-breakpoint
CREATE TRIGGER sync_flight_applicants_delete AFTER DELETE ON participations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION flight_applicants_follow();--> statement-breakpoint
-- Every flight's participations as they are now (the migration; `npm run bench:large` after its bulk
-- inserts with the triggers off).
CREATE FUNCTION flight_applicants_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM flight_applicant_counts;
  INSERT INTO flight_applicant_counts (flight_id, applied, selected, waitlisted, not_selected, not_eligible, shipped, delivered, reviewed, completed, withdrawn)
    SELECT flight_id,
      count(*) FILTER (WHERE status::text = 'applied'),
      count(*) FILTER (WHERE status::text = 'selected'),
      count(*) FILTER (WHERE status::text = 'waitlisted'),
      count(*) FILTER (WHERE status::text = 'not-selected'),
      count(*) FILTER (WHERE status::text = 'not-eligible'),
      count(*) FILTER (WHERE status::text = 'shipped'),
      count(*) FILTER (WHERE status::text = 'delivered'),
      count(*) FILTER (WHERE status::text = 'reviewed'),
      count(*) FILTER (WHERE status::text = 'completed'),
      count(*) FILTER (WHERE status::text = 'withdrawn')
    FROM participations GROUP BY flight_id;
$$;--> statement-breakpoint
SELECT flight_applicants_refill();
