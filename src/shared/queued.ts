/**
 * The 202 a token endpoint answers while its cold analysis waits in the fair line
 * (src/server/api/cold-line.ts), with Retry-After in seconds. Shared by the server and the web app.
 */
export type QueuedBody = {
  queued: {
    /** 1 = next to start (or running). */
    position: number;
    /** Analyses that start before this one. */
    ahead: number;
    /** About how long until the report is ready, in whole seconds (≥ 1). */
    etaSeconds: number;
  };
  /** "In line for analysis: 2 ahead, about 2 s." */
  message: string;
};

export const isQueuedBody = (v: unknown): v is QueuedBody => {
  const q = (v as { queued?: Record<string, unknown> } | null)?.queued;
  return (
    typeof q === 'object' &&
    q !== null &&
    Number.isFinite(q.position) &&
    Number.isFinite(q.ahead) &&
    Number.isFinite(q.etaSeconds)
  );
};
