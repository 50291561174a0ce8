CREATE TABLE "campaign_announcements" (
	"member_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_announcements_member_id_campaign_id_pk" PRIMARY KEY("member_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "digest_days" (
	"member_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "digest_days_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaign_announcements" ADD CONSTRAINT "campaign_announcements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_announcements" ADD CONSTRAINT "campaign_announcements_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_days" ADD CONSTRAINT "digest_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;