/** The cli domain's public surface: what other parts of src/ may import from it. */
export { processIO } from "./command.ts";
export { runCli } from "./run-cli.ts";
