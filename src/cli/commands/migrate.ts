import { migrateStorage } from "../../storage/index.ts";
import type { Command } from "../command.ts";
import { DATA_DIR_FLAG, parseFlags } from "../flags.ts";
import { openCommandStorage } from "../open-data.ts";

const migrate: Command = {
  name: "migrate",
  summary: "apply pending database migrations, then exit (for deploy pipelines)",
  help: `usage: claimcheck migrate [--data-dir DIR [--create] | --database-url URL]

Applies every migration the database does not have yet and prints what it applied. serve does the same
at start, under a lock, so replicas starting together migrate once; run this on its own to migrate in a
deploy step before the new replicas start. Forward only: a migration is never edited once released.`,
  async run(args, io) {
    const { values } = parseFlags(args, DATA_DIR_FLAG);
    const { db, where } = await openCommandStorage(io, values, { migrate: false });
    try {
      const r = await migrateStorage(db);
      io.out(
        r.applied.length
          ? `applied migrations ${r.applied.join(", ")} to ${where}`
          : `${where} is up to date (migration ${r.current.at(-1) ?? 0} of ${r.known})`,
      );
    } finally {
      await db.close();
    }
    return 0;
  },
};

export const commands = [migrate];
