CREATE TABLE "answer_cache" (
	"token" text NOT NULL,
	"part" text NOT NULL,
	"amount_usd" double precision NOT NULL,
	"facts_version" bigint NOT NULL,
	"etag" text NOT NULL,
	"body" "bytea" NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_cache_token_part_amount_usd_pk" PRIMARY KEY("token","part","amount_usd")
);
--> statement-breakpoint
CREATE TABLE "token_backfills" (
	"token" text PRIMARY KEY NOT NULL,
	"from_block" bigint NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "index_checkpoints" ADD COLUMN "written_by" text;