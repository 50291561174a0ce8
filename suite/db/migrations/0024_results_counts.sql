CREATE TABLE "result_flight_counts" (
	"flight_id" uuid PRIMARY KEY NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"eligible" integer DEFAULT 0 NOT NULL,
	"selected" integer DEFAULT 0 NOT NULL,
	"waitlisted" integer DEFAULT 0 NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_flight_groups" (
	"flight_id" uuid NOT NULL,
	"facet" text NOT NULL,
	"item" text NOT NULL,
	"label" text NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "result_flight_groups_flight_id_facet_item_label_pk" PRIMARY KEY("flight_id","facet","item","label")
);
--> statement-breakpoint
CREATE TABLE "result_flight_lags" (
	"flight_id" uuid NOT NULL,
	"seconds" numeric NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "result_flight_lags_flight_id_seconds_pk" PRIMARY KEY("flight_id","seconds")
);
--> statement-breakpoint
-- A campaign's results follow every change in the transaction that makes it: what each participation
-- adds to its flight's counts is one set of rows (result_delta), counted minus for the rows a
-- statement leaves and plus for the rows it writes, summed and added to the three tables in the
-- order of their keys (so two statements lock the rows they share in the same order).
CREATE TYPE result_delta AS (flight_id uuid, facet text, item text, label text, n integer);--> statement-breakpoint
-- What a review counts for the flight of its participation while it is published: the funnel's
-- `published`, its stars in the week it was published (`rating`, item: the Monday, UTC; label: the
-- stars), and whether it has photos and the line saying the product was received for free.
CREATE FUNCTION results_of_review(v reviews, flight uuid, sign integer) RETURNS SETOF result_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT flight, x.facet, x.item, x.label, sign
    FROM (VALUES ('funnel', 'published', '', true),
      ('rating', coalesce(to_char(date_trunc('week', v.published_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD'), ''), v.rating::text, true),
      ('photos', '', '', jsonb_array_length(v.photos) > 0),
      ('disclosure', '', '', v.received_for_free)) x(facet, item, label, counted)
    WHERE v.status = 'published' AND x.counted
$$;--> statement-breakpoint
-- What the participations `p` count (times `sign`): the funnel's stages (with the parcel's and the
-- review's, which follow the participation's flight), the days from shipping to review, the screener's
-- answers (each question and option once per applicant), and each tester's country, birth date and tier.
CREATE FUNCTION results_of_participations(p participations[], sign integer) RETURNS SETOF result_delta LANGUAGE sql STABLE AS $$
  SELECT r.flight_id, 'funnel', x.stage, '', sign
    FROM unnest(p) r,
      LATERAL (VALUES ('applied', true), ('eligible', r.status <> 'not-eligible'), ('selected', r.selected_at IS NOT NULL),
        ('waitlisted', r.status = 'waitlisted'), ('reviewed', r.review_submitted_at IS NOT NULL),
        ('completed', r.status = 'completed'), ('withdrawn', r.status = 'withdrawn')) x(stage, counted)
    WHERE x.counted
  UNION ALL
  SELECT r.flight_id, 'funnel', x.stage, '', sign
    FROM unnest(p) r JOIN shipments s ON s.participation_id = r.id,
      LATERAL (VALUES ('shipped', s.shipped_at IS NOT NULL), ('delivered', s.delivered_at IS NOT NULL)) x(stage, counted)
    WHERE x.counted
  UNION ALL
  SELECT x.*
    FROM unnest(p) r JOIN reviews v ON v.participation_id = r.id AND v.status = 'published', LATERAL results_of_review(v, r.flight_id, sign) x
  UNION ALL
  SELECT r.flight_id, 'lag', '', extract(epoch FROM r.review_submitted_at - s.shipped_at)::text, sign
    FROM unnest(p) r JOIN shipments s ON s.participation_id = r.id
    WHERE r.review_submitted_at IS NOT NULL AND s.shipped_at IS NOT NULL
  UNION ALL
  SELECT r.flight_id, 'answered', q.question, '', sign
    FROM unnest(p) r, LATERAL (SELECT DISTINCT a.value->>'questionId' FROM jsonb_array_elements(r.answers) a(value)) q(question)
    WHERE q.question IS NOT NULL
  UNION ALL
  SELECT r.flight_id, 'option', q.question, q.option, sign
    FROM unnest(p) r,
      LATERAL (SELECT DISTINCT a.value->>'questionId', o.option
        FROM jsonb_array_elements(r.answers) a(value),
          jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.value->'answer') = 'array' THEN a.value->'answer' ELSE jsonb_build_array(a.value->'answer') END) o(option)) q(question, option)
    WHERE q.question IS NOT NULL AND q.option IS NOT NULL
  UNION ALL
  SELECT r.flight_id, x.facet, '', x.label, sign
    FROM unnest(p) r LEFT JOIN addresses a ON a.member_id = r.member_id LEFT JOIN members m ON m.id = r.member_id,
      LATERAL (VALUES ('country', coalesce(a.country, 'not given')), ('birth', coalesce(to_char(m.birth_date, 'YYYY-MM-DD'), '')),
        ('tier', r.standing_rank::text)) x(facet, label)
    WHERE r.selected_at IS NOT NULL
$$;--> statement-breakpoint
-- Adds the deltas to the tables, each key's sum once (keys whose changes cancel out are not touched).
-- First the counts rows of every flight of the campaigns concerned are locked, in the flights' order,
-- and held to the end of the transaction: every writer of a campaign's results takes them first, so
-- two transactions that change one campaign's groups in different statements (a withdrawal and its
-- promotion beside an address change) wait for each other instead of deadlocking.
CREATE FUNCTION results_apply(d result_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  concerned uuid[];
BEGIN
  IF d IS NULL OR cardinality(d) = 0 THEN RETURN; END IF;
  concerned := ARRAY(SELECT f.id FROM flights f WHERE f.campaign_id IN (SELECT c.campaign_id FROM flights c WHERE c.id IN (SELECT flight_id FROM unnest(d)))
    ORDER BY f.id);
  INSERT INTO result_flight_counts (flight_id) SELECT unnest(concerned) ORDER BY 1 ON CONFLICT (flight_id) DO NOTHING;
  PERFORM 1 FROM result_flight_counts WHERE flight_id = ANY(concerned) ORDER BY flight_id FOR NO KEY UPDATE;
  INSERT INTO result_flight_counts AS c (flight_id, applied, eligible, selected, waitlisted, shipped, delivered, reviewed, published, completed, withdrawn)
    SELECT flight_id, coalesce(sum(n) FILTER (WHERE item = 'applied'), 0), coalesce(sum(n) FILTER (WHERE item = 'eligible'), 0),
        coalesce(sum(n) FILTER (WHERE item = 'selected'), 0), coalesce(sum(n) FILTER (WHERE item = 'waitlisted'), 0),
        coalesce(sum(n) FILTER (WHERE item = 'shipped'), 0), coalesce(sum(n) FILTER (WHERE item = 'delivered'), 0),
        coalesce(sum(n) FILTER (WHERE item = 'reviewed'), 0), coalesce(sum(n) FILTER (WHERE item = 'published'), 0),
        coalesce(sum(n) FILTER (WHERE item = 'completed'), 0), coalesce(sum(n) FILTER (WHERE item = 'withdrawn'), 0)
    FROM (SELECT flight_id, item, sum(n) AS n FROM unnest(d) WHERE facet = 'funnel' GROUP BY flight_id, item HAVING sum(n) <> 0) net
    GROUP BY flight_id ORDER BY flight_id
    ON CONFLICT (flight_id) DO UPDATE SET applied = c.applied + excluded.applied, eligible = c.eligible + excluded.eligible,
      selected = c.selected + excluded.selected, waitlisted = c.waitlisted + excluded.waitlisted, shipped = c.shipped + excluded.shipped,
      delivered = c.delivered + excluded.delivered, reviewed = c.reviewed + excluded.reviewed, published = c.published + excluded.published,
      completed = c.completed + excluded.completed, withdrawn = c.withdrawn + excluded.withdrawn;
  INSERT INTO result_flight_groups AS g (flight_id, facet, item, label, people)
    SELECT flight_id, facet, item, label, sum(n) FROM unnest(d) WHERE facet NOT IN ('funnel', 'lag')
    GROUP BY flight_id, facet, item, label HAVING sum(n) <> 0 ORDER BY flight_id, facet, item, label
    ON CONFLICT (flight_id, facet, item, label) DO UPDATE SET people = g.people + excluded.people;
  INSERT INTO result_flight_lags AS l (flight_id, seconds, people)
    SELECT flight_id, label::numeric, sum(n) FROM unnest(d) WHERE facet = 'lag'
    GROUP BY flight_id, label::numeric HAVING sum(n) <> 0 ORDER BY flight_id, label::numeric
    ON CONFLICT (flight_id, seconds) DO UPDATE SET people = l.people + excluded.people;
  -- A group no one is in any more goes: its label may be an answer's words (a deleted account's too).
  DELETE FROM result_flight_groups g USING (SELECT DISTINCT flight_id, facet, item, label FROM unnest(d) WHERE facet NOT IN ('funnel', 'lag')) k
    WHERE g.flight_id = k.flight_id AND g.facet = k.facet AND g.item = k.item AND g.label = k.label AND g.people = 0;
  DELETE FROM result_flight_lags l USING (SELECT DISTINCT flight_id, label::numeric AS seconds FROM unnest(d) WHERE facet = 'lag') k
    WHERE l.flight_id = k.flight_id AND l.seconds = k.seconds AND l.people = 0;
END
$$;--> statement-breakpoint
-- Participations written, changed or removed: minus what the rows counted before, plus what they count
-- now. An update that changes none of the counted columns (an acknowledgement, updated_at) touches nothing.
CREATE FUNCTION results_follow_participations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before participations[];
  after participations[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO after FROM new_rows n;
    -- A new tester's address and birth date are locked for share before they are read: a change to
    -- them still open is waited for (its own count cannot see this participation, not yet written).
    PERFORM 1 FROM addresses WHERE member_id IN (SELECT member_id FROM unnest(after) WHERE selected_at IS NOT NULL) ORDER BY member_id FOR SHARE;
    PERFORM 1 FROM members WHERE id IN (SELECT member_id FROM unnest(after) WHERE selected_at IS NOT NULL) ORDER BY id FOR SHARE;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO before FROM old_rows o;
  ELSE
    SELECT array_agg(o), array_agg(n) INTO before, after FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.flight_id, o.member_id, o.status, o.selected_at IS NULL, o.review_submitted_at, o.standing_rank, o.answers)
        IS DISTINCT FROM (n.flight_id, n.member_id, n.status, n.selected_at IS NULL, n.review_submitted_at, n.standing_rank, n.answers);
  END IF;
  IF before IS NULL AND after IS NULL THEN RETURN NULL; END IF;
  PERFORM results_apply(ARRAY(SELECT results_of_participations(before, -1) UNION ALL SELECT results_of_participations(after, 1)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER results_follow_participations_insert AFTER INSERT ON participations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_participations();--> statement-breakpoint
CREATE TRIGGER results_follow_participations_update AFTER UPDATE ON participations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_participations();--> statement-breakpoint
CREATE TRIGGER results_follow_participations_delete AFTER DELETE ON participations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_participations();--> statement-breakpoint
-- A parcel, a review, an address or a birth date changed: what it adds to the counts of the
-- participations it belongs to, minus as the old rows counted and plus as the new ones count. The
-- participations whose own columns the count also reads (a review's date beside the parcel's, a
-- tester's selection beside the address) are first locked for share: a change to one of them in a
-- transaction still open is waited for and then read, and one not yet made waits for this
-- transaction and then reads what it wrote, so two concurrent changes never both miss the other.
CREATE FUNCTION results_follow_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before shipments[];
  after shipments[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO after FROM new_rows n WHERE n.shipped_at IS NOT NULL OR n.delivered_at IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO before FROM old_rows o WHERE o.shipped_at IS NOT NULL OR o.delivered_at IS NOT NULL;
  ELSE
    SELECT array_agg(o), array_agg(n) INTO before, after FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.participation_id, o.shipped_at, o.delivered_at IS NULL) IS DISTINCT FROM (n.participation_id, n.shipped_at, n.delivered_at IS NULL);
  END IF;
  IF before IS NULL AND after IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM participations WHERE id IN (SELECT participation_id FROM unnest(before) UNION SELECT participation_id FROM unnest(after))
    ORDER BY id FOR SHARE;
  PERFORM results_apply(ARRAY(
    SELECT (p.flight_id, 'funnel', x.stage, '', s.sign)::result_delta
      FROM (SELECT b.*, -1 AS sign FROM unnest(before) b UNION ALL SELECT a.*, 1 FROM unnest(after) a) s
        JOIN participations p ON p.id = s.participation_id,
        LATERAL (VALUES ('shipped', s.shipped_at IS NOT NULL), ('delivered', s.delivered_at IS NOT NULL)) x(stage, counted)
      WHERE x.counted
    UNION ALL
    SELECT (p.flight_id, 'lag', '', extract(epoch FROM p.review_submitted_at - s.shipped_at)::text, s.sign)::result_delta
      FROM (SELECT b.*, -1 AS sign FROM unnest(before) b UNION ALL SELECT a.*, 1 FROM unnest(after) a) s
        JOIN participations p ON p.id = s.participation_id
      WHERE p.review_submitted_at IS NOT NULL AND s.shipped_at IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER results_follow_shipments_insert AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_shipments();--> statement-breakpoint
CREATE TRIGGER results_follow_shipments_update AFTER UPDATE ON shipments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_shipments();--> statement-breakpoint
CREATE TRIGGER results_follow_shipments_delete AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_shipments();--> statement-breakpoint
-- Reviews: what a published review counts (results_of_review), for its participation's flight.
CREATE FUNCTION results_follow_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before reviews[];
  after reviews[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO after FROM new_rows n WHERE n.status = 'published';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO before FROM old_rows o WHERE o.status = 'published';
  ELSE
    SELECT array_agg(o) FILTER (WHERE o.status = 'published'), array_agg(n) FILTER (WHERE n.status = 'published') INTO before, after
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.participation_id, o.status, o.rating, o.published_at, jsonb_array_length(o.photos) > 0, o.received_for_free)
        IS DISTINCT FROM (n.participation_id, n.status, n.rating, n.published_at, jsonb_array_length(n.photos) > 0, n.received_for_free);
  END IF;
  IF before IS NULL AND after IS NULL THEN RETURN NULL; END IF;
  PERFORM results_apply(ARRAY(
    SELECT x FROM unnest(before) v JOIN participations p ON p.id = v.participation_id, LATERAL results_of_review(v, p.flight_id, -1) x
    UNION ALL
    SELECT x FROM unnest(after) v JOIN participations p ON p.id = v.participation_id, LATERAL results_of_review(v, p.flight_id, 1) x));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER results_follow_reviews_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_reviews();--> statement-breakpoint
CREATE TRIGGER results_follow_reviews_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_reviews();--> statement-breakpoint
CREATE TRIGGER results_follow_reviews_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_reviews();--> statement-breakpoint
-- A member's country (from their address) or birth date changed: their testers' groups move. `moves`
-- holds each member's label before and after.
CREATE FUNCTION results_move_testers(facet text, member_ids uuid[], befores text[], afters text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(member_ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM participations WHERE member_id = ANY(member_ids) ORDER BY id FOR SHARE;
  PERFORM results_apply(ARRAY(
    SELECT (p.flight_id, facet, '', x.label, x.sign)::result_delta
    FROM unnest(member_ids, befores, afters) m(member_id, before, after)
      JOIN participations p ON p.member_id = m.member_id AND p.selected_at IS NOT NULL,
      LATERAL (VALUES (m.before, -1), (m.after, 1)) x(label, sign)));
END
$$;--> statement-breakpoint
CREATE FUNCTION results_follow_addresses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  befores text[];
  afters text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.member_id), array_agg('not given'::text), array_agg(n.country) INTO ids, befores, afters FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.member_id), array_agg(o.country), array_agg('not given'::text) INTO ids, befores, afters FROM old_rows o;
  ELSE
    -- The key (the member) is never changed: a row's old and new versions are the same member's.
    SELECT array_agg(n.member_id), array_agg(o.country), array_agg(n.country) INTO ids, befores, afters
      FROM old_rows o JOIN new_rows n ON n.member_id = o.member_id WHERE n.country IS DISTINCT FROM o.country;
  END IF;
  PERFORM results_move_testers('country', coalesce(ids, '{}'), befores, afters);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER results_follow_addresses_insert AFTER INSERT ON addresses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_addresses();--> statement-breakpoint
CREATE TRIGGER results_follow_addresses_update AFTER UPDATE ON addresses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_addresses();--> statement-breakpoint
CREATE TRIGGER results_follow_addresses_delete AFTER DELETE ON addresses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_addresses();--> statement-breakpoint
-- Members: only a changed birth date moves a count (a member with participations is never deleted).
CREATE FUNCTION results_follow_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  befores text[];
  afters text[];
BEGIN
  SELECT array_agg(n.id), array_agg(coalesce(to_char(o.birth_date, 'YYYY-MM-DD'), '')), array_agg(coalesce(to_char(n.birth_date, 'YYYY-MM-DD'), ''))
    INTO ids, befores, afters
    FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.birth_date IS DISTINCT FROM o.birth_date;
  PERFORM results_move_testers('birth', coalesce(ids, '{}'), befores, afters);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER results_follow_members_update AFTER UPDATE ON members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION results_follow_members();--> statement-breakpoint
-- Counts every flight again from all the rows at once, with the same rules as
-- results_of_participations (joins of whole tables: a participation at a time would probe the parcels,
-- reviews, addresses and members of millions one by one): this migration's fill, and `npm run
-- db:large`'s after its bulk inserts (the triggers switched off).
CREATE FUNCTION results_refill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM result_flight_counts;
  DELETE FROM result_flight_groups;
  DELETE FROM result_flight_lags;
  INSERT INTO result_flight_counts (flight_id, applied, eligible, selected, waitlisted, shipped, delivered, reviewed, published, completed, withdrawn)
    SELECT p.flight_id, count(*), count(*) FILTER (WHERE p.status <> 'not-eligible'), count(p.selected_at), count(*) FILTER (WHERE p.status = 'waitlisted'),
        count(s.shipped_at), count(s.delivered_at), count(p.review_submitted_at), count(v.participation_id),
        count(*) FILTER (WHERE p.status = 'completed'), count(*) FILTER (WHERE p.status = 'withdrawn')
    FROM participations p
      LEFT JOIN shipments s ON s.participation_id = p.id
      LEFT JOIN reviews v ON v.participation_id = p.id AND v.status = 'published'
    GROUP BY p.flight_id;
  INSERT INTO result_flight_lags (flight_id, seconds, people)
    SELECT p.flight_id, extract(epoch FROM p.review_submitted_at - s.shipped_at), count(*)
    FROM participations p JOIN shipments s ON s.participation_id = p.id
    WHERE p.review_submitted_at IS NOT NULL AND s.shipped_at IS NOT NULL
    GROUP BY 1, 2;
  INSERT INTO result_flight_groups (flight_id, facet, item, label, people)
    SELECT flight_id, facet, item, label, count(*) FROM (
      SELECT r.flight_id, 'answered' AS facet, q.question AS item, '' AS label
        FROM participations r, LATERAL (SELECT DISTINCT a.value->>'questionId' FROM jsonb_array_elements(r.answers) a(value)) q(question)
        WHERE r.answers <> '[]' AND q.question IS NOT NULL
      UNION ALL
      SELECT r.flight_id, 'option', q.question, q.option
        FROM participations r,
          LATERAL (SELECT DISTINCT a.value->>'questionId', o.option
            FROM jsonb_array_elements(r.answers) a(value),
              jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.value->'answer') = 'array' THEN a.value->'answer' ELSE jsonb_build_array(a.value->'answer') END) o(option)) q(question, option)
        WHERE r.answers <> '[]' AND q.question IS NOT NULL AND q.option IS NOT NULL
      UNION ALL
      SELECT r.flight_id, x.facet, '', x.label
        FROM participations r LEFT JOIN addresses a ON a.member_id = r.member_id LEFT JOIN members m ON m.id = r.member_id,
          LATERAL (VALUES ('country', coalesce(a.country, 'not given')), ('birth', coalesce(to_char(m.birth_date, 'YYYY-MM-DD'), '')),
            ('tier', r.standing_rank::text)) x(facet, label)
        WHERE r.selected_at IS NOT NULL
      UNION ALL
      SELECT x.flight_id, x.facet, x.item, x.label
        FROM reviews v JOIN participations r ON r.id = v.participation_id, LATERAL results_of_review(v, r.flight_id, 1) x
        WHERE v.status = 'published' AND x.facet <> 'funnel') g
    GROUP BY 1, 2, 3, 4;
END
$$;--> statement-breakpoint
SELECT results_refill();
