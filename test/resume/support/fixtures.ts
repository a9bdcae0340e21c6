import { join } from "node:path";

/** Directory of the committed resume fixtures (see test/fixtures/resume/make-fixtures.ts). */
export const FIXTURES = join(import.meta.dir, "..", "..", "fixtures", "resume");

export async function fixture(name: string): Promise<Uint8Array> {
  return new Uint8Array(await Bun.file(join(FIXTURES, name)).arrayBuffer());
}
