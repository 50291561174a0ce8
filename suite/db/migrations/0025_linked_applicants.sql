CREATE TABLE "linked_applicants" (
	"flight_id" uuid NOT NULL,
	"participation_id" uuid NOT NULL,
	CONSTRAINT "linked_applicants_flight_id_participation_id_pk" PRIMARY KEY("flight_id","participation_id")
);
--> statement-breakpoint
CREATE TABLE "member_link_states" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"counting" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- Whether a member has a link that counts: one that no staff ruled "not the same person".
CREATE FUNCTION member_has_counting_link(m uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM account_links l WHERE l.member_id = m
    AND NOT EXISTS (SELECT 1 FROM account_link_rulings r WHERE r.member_id = l.member_id AND r.linked_member_id = l.linked_member_id))
$$;--> statement-breakpoint
-- Locks these members' states (made when missing), in the order of their ids, until the transaction
-- ends: whatever reads a member's links or applications next (in a statement of its own, so with what
-- the transaction it waited for committed) sees every change made before it.
CREATE FUNCTION lock_member_link_states(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_link_states (member_id) SELECT DISTINCT id FROM unnest(ids) id ORDER BY id ON CONFLICT DO NOTHING;
  PERFORM 1 FROM member_link_states WHERE member_id = ANY(ids) ORDER BY member_id FOR UPDATE;
END $$;--> statement-breakpoint
-- A link or a ruling of these members changed: each one's state is worked out again from their links,
-- and their participations are listed, or no longer, as linked applicants.
CREATE FUNCTION linked_applicants_follow_members(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_member_link_states(ids);
  UPDATE member_link_states s SET counting = member_has_counting_link(s.member_id)
    WHERE s.member_id = ANY(ids) AND s.counting IS DISTINCT FROM member_has_counting_link(s.member_id);
  DELETE FROM linked_applicants la USING participations p, member_link_states s
    WHERE la.flight_id = p.flight_id AND la.participation_id = p.id AND s.member_id = p.member_id AND s.member_id = ANY(ids) AND NOT s.counting;
  INSERT INTO linked_applicants (flight_id, participation_id)
    SELECT p.flight_id, p.id FROM member_link_states s JOIN participations p ON p.member_id = s.member_id
    WHERE s.member_id = ANY(ids) AND s.counting
    ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
CREATE FUNCTION sync_linked_applicants_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM linked_applicants_follow_members(ARRAY(SELECT member_id FROM new_rows UNION SELECT linked_member_id FROM new_rows));
  ELSE
    PERFORM linked_applicants_follow_members(ARRAY(SELECT member_id FROM old_rows UNION SELECT linked_member_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Named to fire after the results' triggers (triggers fire in the order of their names), so that every
-- change takes the results' rows before a member's state, in one order.
CREATE TRIGGER sync_linked_applicants_links_insert AFTER INSERT ON account_links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_linked_applicants_links();--> statement-breakpoint
CREATE TRIGGER sync_linked_applicants_links_delete AFTER DELETE ON account_links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_linked_applicants_links();--> statement-breakpoint
CREATE TRIGGER sync_linked_applicants_rulings_insert AFTER INSERT ON account_link_rulings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_linked_applicants_links();--> statement-breakpoint
CREATE TRIGGER sync_linked_applicants_rulings_delete AFTER DELETE ON account_link_rulings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_linked_applicants_links();--> statement-breakpoint
-- An application: listed when its member's links count (their state locked first, as above); a
-- participation deleted leaves the list (its member's state locked first too, so that a link made
-- at the same moment cannot list it again). A participation's flight and member never change: there
-- is no update trigger.
CREATE FUNCTION sync_linked_applicants_participations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lock_member_link_states(ARRAY(SELECT member_id FROM new_rows));
    INSERT INTO linked_applicants (flight_id, participation_id)
      SELECT n.flight_id, n.id FROM new_rows n JOIN member_link_states s ON s.member_id = n.member_id AND s.counting
      ON CONFLICT DO NOTHING;
  ELSE
    PERFORM lock_member_link_states(ARRAY(SELECT member_id FROM old_rows));
    DELETE FROM linked_applicants la USING old_rows o WHERE la.flight_id = o.flight_id AND la.participation_id = o.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sync_linked_applicants_participations_insert AFTER INSERT ON participations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_linked_applicants_participations();--> statement-breakpoint
CREATE TRIGGER sync_linked_applicants_participations_delete AFTER DELETE ON participations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_linked_applicants_participations();--> statement-breakpoint
-- Every member's state and linked applicant worked out again from the links (the migration, and the
-- large-data generator after its bulk inserts with the triggers off).
CREATE FUNCTION linked_applicants_refill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM linked_applicants;
  DELETE FROM member_link_states;
  INSERT INTO member_link_states (member_id, counting)
    SELECT DISTINCT l.member_id, true FROM account_links l
    WHERE NOT EXISTS (SELECT 1 FROM account_link_rulings r WHERE r.member_id = l.member_id AND r.linked_member_id = l.linked_member_id);
  INSERT INTO linked_applicants (flight_id, participation_id)
    SELECT p.flight_id, p.id FROM participations p JOIN member_link_states s ON s.member_id = p.member_id AND s.counting;
END $$;--> statement-breakpoint
SELECT linked_applicants_refill();
