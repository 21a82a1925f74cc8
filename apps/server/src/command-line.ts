import { type Config, loadConfig } from './config.js';

/** Stops an operator's command with one line naming it, exit code 1. */
export type Fail = (message: string) => never;

/**
 * What each operator's command (`admin:create`, `db:move`, `db:restore`, `files:move`) stops with. Declare it
 * with its type (`const fail: Fail = …`): TypeScript narrows after a call only then.
 */
export function failing(command: string): Fail {
  return (message) => {
    process.stderr.write(`${command}: ${message}\n`);
    process.exit(1);
  };
}

/** The server's configuration, read as the server reads it: a bad variable stops the command. */
export function configOr(fail: Fail): Config {
  try {
    return loadConfig();
  } catch (error) {
    return fail((error as Error).message);
  }
}
