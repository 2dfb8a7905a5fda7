import { expect } from 'vitest';
import { type AppError, isAppError } from '../../src/domain/errors.ts';

/** The AppError a call fails with; the test fails if it succeeds or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(isAppError(error), String(error)).toBe(true);
    return error as AppError;
  }
  throw new Error('expected the call to fail');
}
