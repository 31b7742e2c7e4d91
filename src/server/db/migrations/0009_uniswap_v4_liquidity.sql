ALTER TABLE "liquidity_events" ADD COLUMN "liquidity" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "liquidity_events" ADD COLUMN "position_id" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "sqrt_price_x96" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "tick_spacing" integer;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "hooks" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "sqrt_price_x96" numeric(78, 0);