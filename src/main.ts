#!/usr/bin/env bun
/** Entry point: argv -> a CLI command (default: serve). A command resolves when it is done. */
import { processIO } from "./cli/command.ts";
import { runCli } from "./cli/run-cli.ts";

process.exitCode = await runCli(process.argv.slice(2), processIO);
