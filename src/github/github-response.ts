/** An answer: 2xx, or one of the statuses the caller said it handles. */
export interface GitHubResponse<T> {
  status: number;
  data: T;
  headers: Record<string, string | undefined>;
}
