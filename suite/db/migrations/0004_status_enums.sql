CREATE TYPE "public"."campaign_kind" AS ENUM('free-product', 'verified-purchase');--> statement-breakpoint
CREATE TYPE "public"."message_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."participation_status" AS ENUM('applied', 'selected', 'waitlisted', 'not-eligible', 'shipped', 'delivered', 'reviewed', 'completed', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."product_category" AS ENUM('beauty', 'personal-care', 'food-drink', 'home', 'kitchen', 'baby', 'pets', 'tech', 'health', 'outdoors');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'label-issued', 'returned');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('pending', 'published', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('pending', 'shipped', 'delivered');--> statement-breakpoint
CREATE TYPE "public"."social_platform" AS ENUM('instagram', 'tiktok', 'youtube', 'facebook', 'x', 'pinterest', 'blog');--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "kind" SET DATA TYPE "public"."campaign_kind" USING "kind"::"public"."campaign_kind";--> statement-breakpoint
ALTER TABLE "otp_codes" ALTER COLUMN "channel" SET DATA TYPE "public"."message_channel" USING "channel"::"public"."message_channel";--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "channel" SET DATA TYPE "public"."message_channel" USING "channel"::"public"."message_channel";--> statement-breakpoint
ALTER TABLE "participations" ALTER COLUMN "status" SET DATA TYPE "public"."participation_status" USING "status"::"public"."participation_status";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "category" SET DATA TYPE "public"."product_category" USING "category"::"public"."product_category";--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "status" SET DATA TYPE "public"."review_status" USING "status"::"public"."review_status";--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "status" SET DATA TYPE "public"."shipment_status" USING "status"::"public"."shipment_status";--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "return_status" SET DATA TYPE "public"."return_status" USING "return_status"::"public"."return_status";--> statement-breakpoint
ALTER TABLE "social_posts" ALTER COLUMN "platform" SET DATA TYPE "public"."social_platform" USING "platform"::"public"."social_platform";--> statement-breakpoint
ALTER TABLE "social_profiles" ALTER COLUMN "platform" SET DATA TYPE "public"."social_platform" USING "platform"::"public"."social_platform";