CREATE TYPE "public"."account_link_kind" AS ENUM('email', 'address');--> statement-breakpoint
CREATE TYPE "public"."suspension_reason" AS ENUM('several-accounts', 'false-review', 'products-resold', 'staff-abuse', 'other');--> statement-breakpoint
CREATE TABLE "account_links" (
	"member_id" uuid NOT NULL,
	"linked_member_id" uuid NOT NULL,
	"kind" "account_link_kind" NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_links_member_id_linked_member_id_kind_pk" PRIMARY KEY("member_id","linked_member_id","kind")
);
--> statement-breakpoint
CREATE TABLE "suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"reason" "suspension_reason" NOT NULL,
	"note" text,
	"suspended_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"suspended_by" text NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "household_key" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_linked_member_id_members_id_fk" FOREIGN KEY ("linked_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_links_linked_idx" ON "account_links" USING btree ("linked_member_id");--> statement-breakpoint
CREATE INDEX "suspensions_member_idx" ON "suspensions" USING btree ("member_id","suspended_at");--> statement-breakpoint
CREATE INDEX "suspensions_open_idx" ON "suspensions" USING btree ("member_id","until") WHERE "suspensions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "addresses_household_key_idx" ON "addresses" USING btree ("household_key");--> statement-breakpoint
CREATE INDEX "members_email_key_idx" ON "members" USING btree ("email_key");