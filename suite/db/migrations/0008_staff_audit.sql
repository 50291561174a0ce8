CREATE TYPE "public"."rejection_code" AS ENUM('personal-data', 'off-topic', 'link-or-price', 'competitor', 'rating-contradicts-text', 'photo-not-suitable', 'disclosure-missing', 'other');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('admin', 'campaign-manager', 'moderator', 'fulfilment', 'support');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_uid" text NOT NULL,
	"actor_email" text,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"uid" text NOT NULL,
	"role" "staff_role" NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"granted_by" text NOT NULL,
	CONSTRAINT "staff_roles_uid_role_pk" PRIMARY KEY("uid","role")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rejection_code" "rejection_code";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "decided_by_uid" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "decided_by_name" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_uid","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "staff_roles_email_idx" ON "staff_roles" USING btree ("email");--> statement-breakpoint
CREATE INDEX "participations_waiting_idx" ON "participations" USING btree ("flight_id","standing_rank" DESC NULLS LAST,"seq","id") WHERE "participations"."status" in ('applied', 'waitlisted');--> statement-breakpoint
CREATE INDEX "reviews_status_submitted_idx" ON "reviews" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "reviews_member_idx" ON "reviews" USING btree ("member_id");--> statement-breakpoint
-- Reviews rejected before reasons had codes keep their note as the reason `other`.
UPDATE "reviews" SET "rejection_code" = 'other' WHERE "status" = 'rejected' AND "rejection_code" IS NULL;--> statement-breakpoint
-- Free text staff wrote about a member in an entry (a note, a goodwill reason), blanked: what
-- account deletion may do to the entries about the deleted member, and nothing else.
CREATE FUNCTION "audit_redacted_side"("action" text, "side" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof("side") = 'object'
    THEN "side" || coalesce((SELECT jsonb_object_agg("key", 'null'::jsonb) FROM jsonb_object_keys("side") AS "key"
      WHERE "key" = 'note' OR ("key" = 'reason' AND "action" = 'member.grant-points')), '{}'::jsonb)
    ELSE "side" END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_redacted"("action" text, "changes" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('before', "audit_redacted_side"("action", "changes" -> 'before'), 'after', "audit_redacted_side"("action", "changes" -> 'after'))
$$;--> statement-breakpoint
-- Whether an entry's target belongs to a member whose account was deleted (pseudonymised).
CREATE FUNCTION "audit_target_pseudonymised"("target_type" text, "target_id" text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "members" AS "m" WHERE "m"."pseudonymized_at" IS NOT NULL AND (
      ("target_type" = 'member' AND "m"."id"::text = "target_id")
      OR ("target_type" = 'participation' AND EXISTS (SELECT 1 FROM "participations" AS "p" WHERE "p"."id"::text = "target_id" AND "p"."member_id" = "m"."id"))
      OR ("target_type" = 'shipment' AND EXISTS (SELECT 1 FROM "shipments" AS "s" WHERE "s"."id"::text = "target_id" AND "s"."member_id" = "m"."id"))
      OR ("target_type" = 'review' AND EXISTS (SELECT 1 FROM "reviews" AS "r" WHERE "r"."id"::text = "target_id" AND "r"."member_id" = "m"."id"))))
$$;--> statement-breakpoint
-- The audit log is append-only: no entry can be deleted or truncated, and an entry can change only
-- as account deletion changes it: the actor's e-mail, name, address and browser cleared (name
-- "Former member") once that person's member account is pseudonymised, and free text about a
-- deleted member blanked in the entries about them. Its action, target, time and the rest of
-- before/after never change.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'audit_log is append-only: entries cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'audit_log is append-only: it cannot be truncated' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW."id", NEW."seq", NEW."at", NEW."actor_uid", NEW."action", NEW."target_type", NEW."target_id", NEW."operation_id")
     IS DISTINCT FROM (OLD."id", OLD."seq", OLD."at", OLD."actor_uid", OLD."action", OLD."target_type", OLD."target_id", OLD."operation_id") THEN
    RAISE EXCEPTION 'audit_log is append-only: an entry''s action, target and time never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW."actor_email", NEW."actor_name", NEW."ip", NEW."user_agent") IS DISTINCT FROM (OLD."actor_email", OLD."actor_name", OLD."ip", OLD."user_agent")
     AND (NEW."actor_email" IS NOT NULL OR NEW."actor_name" IS DISTINCT FROM 'Former member' OR NEW."ip" IS NOT NULL OR NEW."user_agent" IS NOT NULL
          OR NOT EXISTS (SELECT 1 FROM "members" WHERE "uid" = OLD."actor_uid" AND "pseudonymized_at" IS NOT NULL)) THEN
    RAISE EXCEPTION 'audit_log is append-only: only a deleted account''s actor may be pseudonymised' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW."changes" IS DISTINCT FROM OLD."changes"
     AND (NEW."changes" IS DISTINCT FROM "audit_redacted"(OLD."action", OLD."changes") OR NOT "audit_target_pseudonymised"(OLD."target_type", OLD."target_id")) THEN
    RAISE EXCEPTION 'audit_log is append-only: only free text about a deleted member may be blanked' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
