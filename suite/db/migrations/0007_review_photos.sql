CREATE TABLE "review_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "review_photos_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"participation_id" uuid NOT NULL,
	"review_id" uuid,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photos_participation_idx" ON "review_photos" USING btree ("participation_id");--> statement-breakpoint
CREATE INDEX "review_photos_member_idx" ON "review_photos" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id");--> statement-breakpoint
-- A review's photos were web addresses before; they become uploaded photos with a description. No
-- address can become one (the portal never sent any, and pages show only photos the portal serves),
-- so a review holding addresses is left with no photos.
UPDATE "reviews" SET "photos" = '[]'::jsonb WHERE CASE WHEN jsonb_typeof("photos") = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements("photos") AS "photo" WHERE jsonb_typeof("photo") <> 'object') ELSE true END;
