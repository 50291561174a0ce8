ALTER TABLE "members" ADD COLUMN "deletion_reference" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "identity_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "erase_after_delivery" boolean DEFAULT false NOT NULL;