CREATE TABLE "call_reactions" (
	"call_id" integer NOT NULL,
	"kind" text NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_reactions_call_id_kind_client_id_pk" PRIMARY KEY("call_id","kind","client_id"),
	CONSTRAINT "call_reactions_kind_chk" CHECK ("call_reactions"."kind" in ('follow', 'like'))
);
--> statement-breakpoint
CREATE TABLE "game_scores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_scores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_name" text NOT NULL,
	"wallet_address" text NOT NULL,
	"flab_balance" numeric NOT NULL,
	"score" integer NOT NULL,
	"level" integer NOT NULL,
	"achievements" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wallet_address" text NOT NULL,
	"token_symbol" text NOT NULL,
	"token_name" text NOT NULL,
	"token_address" text NOT NULL,
	"trade_type" text NOT NULL,
	"quantity" numeric NOT NULL,
	"entry_price" numeric NOT NULL,
	"exit_price" numeric,
	"fees" numeric DEFAULT '0' NOT NULL,
	"notes" text,
	"strategy" text,
	"timeframe" text,
	"stop_loss" numeric,
	"take_profit" numeric,
	"entry_date" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_type_chk" CHECK ("trades"."trade_type" in ('buy', 'sell')),
	CONSTRAINT "trades_closed_chk" CHECK (("trades"."exit_price" is null) = ("trades"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "trading_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"token_name" text NOT NULL,
	"token_address" text,
	"call_type" text NOT NULL,
	"entry_price" numeric NOT NULL,
	"target_price" numeric NOT NULL,
	"stop_loss" numeric NOT NULL,
	"confidence" integer NOT NULL,
	"timeframe" text NOT NULL,
	"reasoning" text DEFAULT '' NOT NULL,
	"current_price" numeric,
	"pnl_percentage" numeric DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"price_updated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_calls_type_chk" CHECK ("trading_calls"."call_type" in ('long', 'short')),
	CONSTRAINT "trading_calls_status_chk" CHECK ("trading_calls"."status" in ('active', 'completed', 'stopped')),
	CONSTRAINT "trading_calls_confidence_chk" CHECK ("trading_calls"."confidence" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "call_reactions" ADD CONSTRAINT "call_reactions_call_id_trading_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."trading_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_scores_wallet_idx" ON "game_scores" USING btree ("wallet_address","score");--> statement-breakpoint
CREATE INDEX "game_scores_score_idx" ON "game_scores" USING btree ("score");--> statement-breakpoint
CREATE INDEX "trades_wallet_idx" ON "trades" USING btree ("wallet_address","entry_date");--> statement-breakpoint
CREATE INDEX "trading_calls_status_idx" ON "trading_calls" USING btree ("status");--> statement-breakpoint
CREATE INDEX "trading_calls_created_idx" ON "trading_calls" USING btree ("created_at");