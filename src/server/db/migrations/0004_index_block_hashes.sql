CREATE TABLE "index_block_hashes" (
	"stream" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	CONSTRAINT "index_block_hashes_stream_block_number_pk" PRIMARY KEY("stream","block_number")
);
