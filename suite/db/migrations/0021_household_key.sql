ALTER TABLE "addresses" ADD COLUMN "household_key" text;--> statement-breakpoint
CREATE INDEX "addresses_household_key_idx" ON "addresses" USING btree ("household_key");