CREATE TYPE "public"."account_link_kind" AS ENUM('email', 'address');--> statement-breakpoint
CREATE TABLE "account_links" (
	"member_id" uuid NOT NULL,
	"linked_member_id" uuid NOT NULL,
	"kind" "account_link_kind" NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_links_member_id_linked_member_id_kind_pk" PRIMARY KEY("member_id","linked_member_id","kind")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_linked_member_id_members_id_fk" FOREIGN KEY ("linked_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_links_linked_idx" ON "account_links" USING btree ("linked_member_id");--> statement-breakpoint
CREATE INDEX "members_email_key_idx" ON "members" USING btree ("email_key");