CREATE TABLE "position_events" (
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"ts" bigint NOT NULL,
	"manager" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"kind" text NOT NULL,
	"from_addr" text,
	"to_addr" text,
	"liquidity" numeric(78, 0),
	"amount0" numeric(78, 0),
	"amount1" numeric(78, 0),
	CONSTRAINT "position_events_block_number_log_index_pk" PRIMARY KEY("block_number","log_index")
);
--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "fee" integer;--> statement-breakpoint
CREATE INDEX "position_events_token_idx" ON "position_events" USING btree ("manager","token_id");--> statement-breakpoint
CREATE INDEX "position_events_tx_idx" ON "position_events" USING btree ("tx_hash");