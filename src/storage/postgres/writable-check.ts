import type { Database } from "../sql-database.ts";
import { noAnswer, PostgresError } from "./errors.ts";

/** The server answers within `timeoutMs` and takes writes (a standby answers read-only: 25006). */
export async function checkWritable(db: Pick<Database, "query">, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(noAnswer(timeoutMs)), timeoutMs);
  });
  try {
    const row = await Promise.race([
      db.query<{ ro: string }>("SELECT current_setting('transaction_read_only') AS ro").get(),
      late,
    ]);
    if (row?.ro === "on") throw new PostgresError("the server is read-only (a standby?)", "25006", null);
  } finally {
    clearTimeout(timer);
  }
}
