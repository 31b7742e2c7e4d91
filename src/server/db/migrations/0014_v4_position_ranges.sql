ALTER TABLE "liquidity_events" ADD COLUMN "tick_lower" integer;--> statement-breakpoint
ALTER TABLE "liquidity_events" ADD COLUMN "tick_upper" integer;