CREATE TYPE "public"."suspension_reason" AS ENUM('several-accounts', 'false-review', 'products-resold', 'staff-abuse', 'other');--> statement-breakpoint
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
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suspensions_member_idx" ON "suspensions" USING btree ("member_id","suspended_at");--> statement-breakpoint
CREATE INDEX "suspensions_open_idx" ON "suspensions" USING btree ("member_id","until") WHERE "suspensions"."lifted_at" is null;