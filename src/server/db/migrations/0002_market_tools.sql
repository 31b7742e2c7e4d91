CREATE TABLE "airdrops" (
	"id" text PRIMARY KEY NOT NULL,
	"entry" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitored_tokens" (
	"address" text PRIMARY KEY NOT NULL,
	"symbol" text,
	"name" text,
	"alert_types" jsonb NOT NULL,
	"alerts_enabled" boolean DEFAULT true NOT NULL,
	"rug_score" integer,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dedupe_key" text NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"severity" text NOT NULL,
	"token_address" text NOT NULL,
	"token_symbol" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"action_required" boolean NOT NULL,
	"details" jsonb NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "security_alerts_severity_chk" CHECK ("security_alerts"."severity" in ('critical', 'high', 'medium', 'low'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "security_alerts_dedupe_idx" ON "security_alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "security_alerts_token_idx" ON "security_alerts" USING btree ("token_address","type","subject");--> statement-breakpoint
CREATE INDEX "security_alerts_detected_idx" ON "security_alerts" USING btree ("detected_at");