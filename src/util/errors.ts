// Errors caused by the user's input. The CLI prints them as one line (no stack trace).

export class InputError extends Error {
  readonly userFacing = true;
  constructor(
    message: string,
    readonly location?: { file?: string; line?: number; field?: string },
  ) {
    const where = location
      ? [
          location.file,
          location.line !== undefined ? `line ${location.line}` : undefined,
          location.field !== undefined ? `field '${location.field}'` : undefined,
        ]
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

/**
 * Text from outside (a queued job's id, a worker's name) made safe for one log line: control characters escaped (no
 * terminal escapes, no forged lines), at most `max` characters.
 */
export function printable(value: unknown, max = 160): string {
  const text = String(value).replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
