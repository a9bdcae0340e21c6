/** A job row as the engine sees it. Times are epoch milliseconds. */
export interface JobRow {
  id: number;
  kind: string;
  payload: string;
  state: "queued" | "running" | "completed" | "failed";
  attempts: number;
  max_attempts: number;
  run_at: number;
  lease_owner: string | null;
  lease_token: string | null;
  lease_expires_at: number | null;
  /** when the running attempt must have ended (claim time + JOB_DEADLINE); null unless running */
  deadline_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface LeaseRef {
  id: number;
  token: string;
}
