import { DatabaseUnavailableError } from '../src/adapters/postgres/connection-error.ts';
import {
  type Container,
  type ContainerOptions,
  createContainer,
  prepareDatabase,
} from '../src/server/container.ts';
import type { Env } from '../src/server/env.ts';
import { EnvError, getEnv } from '../src/server/env.ts';

/** Loads .env (when present) and the validated environment; a bad setting ends the script with the list. */
export function loadEnvOrExit(): Env {
  try {
    process.loadEnvFile();
  } catch {
    // No .env file: defaults and the real environment apply.
  }
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The shop's container with its database brought up to date; a database that cannot be reached
 * ends the script with one line (host, port, the database's reason, never the password).
 */
export async function openContainerOrExit(env: Env, options: ContainerOptions = {}): Promise<Container> {
  const container = createContainer(env, options);
  try {
    await prepareDatabase(container);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  return container;
}

export function argValue(args: string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  return index === -1 ? undefined : args[index + 1];
}
