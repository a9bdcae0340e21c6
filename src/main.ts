#!/usr/bin/env bun
/** Entry point: argv -> a CLI command (default: serve). A command resolves when it is done. */
import { processIO, runCli } from "./cli/index.ts";

process.exitCode = await runCli(process.argv.slice(2), processIO);
