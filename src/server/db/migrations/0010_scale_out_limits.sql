CREATE TABLE "cold_buckets" (
	"client" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cold_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_results" (
	"name" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shared_results_name_key_pk" PRIMARY KEY("name","key")
);
--> statement-breakpoint
ALTER TABLE "token_backfills" ADD COLUMN "last_requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "token_backfills" ADD COLUMN "paused_at" bigint;