CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "status" "campaign_status" DEFAULT 'published' NOT NULL;