/** The cli module's public surface: what other modules of src/ import from it (never the files behind it). */
export { processIO } from "./command.ts";
export { runCli } from "./run-cli.ts";
