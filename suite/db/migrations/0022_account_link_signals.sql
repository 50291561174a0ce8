CREATE TYPE "public"."sighting_event" AS ENUM('sign-up', 'application');--> statement-breakpoint
CREATE TYPE "public"."sighting_kind" AS ENUM('device', 'network');--> statement-breakpoint
ALTER TYPE "public"."account_link_kind" ADD VALUE 'phone';--> statement-breakpoint
ALTER TYPE "public"."account_link_kind" ADD VALUE 'payout';--> statement-breakpoint
ALTER TYPE "public"."account_link_kind" ADD VALUE 'device';--> statement-breakpoint
ALTER TYPE "public"."account_link_kind" ADD VALUE 'network';--> statement-breakpoint
CREATE TABLE "account_link_rulings" (
	"member_id" uuid NOT NULL,
	"linked_member_id" uuid NOT NULL,
	"note" text NOT NULL,
	"ruled_by" text NOT NULL,
	"ruled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_link_rulings_member_id_linked_member_id_pk" PRIMARY KEY("member_id","linked_member_id")
);
--> statement-breakpoint
CREATE TABLE "member_sightings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" "sighting_kind" NOT NULL,
	"value_hash" text NOT NULL,
	"event" "sighting_event" NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payout_key" text;--> statement-breakpoint
ALTER TABLE "account_link_rulings" ADD CONSTRAINT "account_link_rulings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_link_rulings" ADD CONSTRAINT "account_link_rulings_linked_member_id_members_id_fk" FOREIGN KEY ("linked_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sightings" ADD CONSTRAINT "member_sightings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_sightings_value_idx" ON "member_sightings" USING btree ("kind","value_hash","seen_at");--> statement-breakpoint
CREATE INDEX "member_sightings_member_idx" ON "member_sightings" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_sightings_seen_idx" ON "member_sightings" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "members_payout_key_idx" ON "members" USING btree ("payout_key");