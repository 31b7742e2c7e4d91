ALTER TABLE "liquidity_events" ALTER COLUMN "amount0" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "liquidity_events" ALTER COLUMN "amount1" DROP NOT NULL;