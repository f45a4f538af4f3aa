// Errors caused by the user's input. The CLI prints them as one line (no stack trace).

export class InputError extends Error {
  readonly userFacing = true;
  constructor(message: string, readonly location?: { file?: string; line?: number; field?: string }) {
    const where = location
      ? [location.file, location.line !== undefined ? `line ${location.line}` : undefined, location.field !== undefined ? `field '${location.field}'` : undefined]
          .filter(Boolean)
          .join(', ')
      : '';
    super(where ? `${where}: ${message}` : message);
    this.name = 'InputError';
  }
}

/** What went wrong with a file operation, in one word where the system gives one (`ENOENT`), else its message. */
export function errorReason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
