CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"token" text NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"last_active_ts" bigint NOT NULL,
	CONSTRAINT "balances_token_holder_pk" PRIMARY KEY("token","holder")
);
--> statement-breakpoint
CREATE TABLE "contract_creations" (
	"address" text PRIMARY KEY NOT NULL,
	"deployer" text,
	"created_block" bigint,
	"created_ts" bigint,
	"tx_hash" text
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"ts" bigint NOT NULL,
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "contract_events_block_number_log_index_pk" PRIMARY KEY("block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "index_checkpoints" (
	"stream" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"addresses" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liquidity_events" (
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"ts" bigint NOT NULL,
	"pair" text NOT NULL,
	"kind" text NOT NULL,
	"sender" text NOT NULL,
	"recipient" text,
	"amount0" numeric(78, 0) NOT NULL,
	"amount1" numeric(78, 0) NOT NULL,
	CONSTRAINT "liquidity_events_block_number_log_index_pk" PRIMARY KEY("block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "pairs" (
	"pair" text PRIMARY KEY NOT NULL,
	"factory" text NOT NULL,
	"token0" text NOT NULL,
	"token1" text NOT NULL,
	"created_block" bigint NOT NULL,
	"created_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swaps" (
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"ts" bigint NOT NULL,
	"pair" text NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"amount0_in" numeric(78, 0) NOT NULL,
	"amount1_in" numeric(78, 0) NOT NULL,
	"amount0_out" numeric(78, 0) NOT NULL,
	"amount1_out" numeric(78, 0) NOT NULL,
	CONSTRAINT "swaps_block_number_log_index_pk" PRIMARY KEY("block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "syncs" (
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"ts" bigint NOT NULL,
	"pair" text NOT NULL,
	"reserve0" numeric(78, 0) NOT NULL,
	"reserve1" numeric(78, 0) NOT NULL,
	CONSTRAINT "syncs_block_number_log_index_pk" PRIMARY KEY("block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"ts" bigint NOT NULL,
	"token" text NOT NULL,
	"from_addr" text NOT NULL,
	"to_addr" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	CONSTRAINT "transfers_block_number_log_index_pk" PRIMARY KEY("block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "verified_contracts" (
	"address" text PRIMARY KEY NOT NULL,
	"contract_name" text NOT NULL,
	"compiler_version" text NOT NULL,
	"match" text NOT NULL,
	"abi" jsonb NOT NULL,
	"sources" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_first_seen" (
	"address" text PRIMARY KEY NOT NULL,
	"first_block" bigint NOT NULL,
	"first_ts" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "balances_holder_idx" ON "balances" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "contract_events_addr_idx" ON "contract_events" USING btree ("address","ts");--> statement-breakpoint
CREATE INDEX "liquidity_events_pair_idx" ON "liquidity_events" USING btree ("pair","ts");--> statement-breakpoint
CREATE INDEX "pairs_token0_idx" ON "pairs" USING btree ("token0");--> statement-breakpoint
CREATE INDEX "pairs_token1_idx" ON "pairs" USING btree ("token1");--> statement-breakpoint
CREATE INDEX "swaps_pair_idx" ON "swaps" USING btree ("pair","ts");--> statement-breakpoint
CREATE INDEX "syncs_pair_idx" ON "syncs" USING btree ("pair","block_number");--> statement-breakpoint
CREATE INDEX "transfers_token_idx" ON "transfers" USING btree ("token","block_number");--> statement-breakpoint
CREATE INDEX "transfers_from_idx" ON "transfers" USING btree ("from_addr");--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("to_addr");--> statement-breakpoint
CREATE INDEX "transfers_tx_idx" ON "transfers" USING btree ("tx_hash");