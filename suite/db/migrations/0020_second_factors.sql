CREATE TABLE "recovery_codes" (
	"uid" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_uid_code_hash_pk" PRIMARY KEY("uid","code_hash")
);
--> statement-breakpoint
CREATE TABLE "second_factor_passes" (
	"pass_hash" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"totp_secret_sealed" text,
	"totp_last_step" bigint,
	"passkey_credential_id" text,
	"passkey_public_key" text,
	"passkey_counter" bigint,
	"passkey_transports" text[]
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"uid" text NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webauthn_challenges_uid_purpose_pk" PRIMARY KEY("uid","purpose")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "second_factor_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "second_factor_passes_uid_idx" ON "second_factor_passes" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "second_factors_uid_idx" ON "second_factors" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_passkey_idx" ON "second_factors" USING btree ("passkey_credential_id");