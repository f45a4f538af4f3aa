// Errors of the operating system (a folder that cannot be written, a full disk) as one line naming
// the path, instead of a stack trace.

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'is a folder',
  EEXIST: 'already exists',
  ENOTEMPTY: 'folder not empty',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many symbolic links',
  EBUSY: 'resource busy',
};

/** Node's `{code, syscall, path}` errors, and SQLite's open errors, as one line; null for anything else. */
export function describeSystemError(error: unknown): string | null {
  const { code, path, syscall, message } = (error ?? {}) as {
    code?: unknown;
    path?: unknown;
    syscall?: unknown;
    message?: unknown;
  };
  // mkdir answers ENOENT where a parent exists but takes no new entries (/proc, /sys).
  if (code === 'ENOENT' && syscall === 'mkdir' && typeof path === 'string')
    return `cannot create the folder ${path}: its parent does not accept new folders`;
  if (typeof code === 'string' && REASONS[code]) {
    const action = typeof syscall === 'string' ? ` (${syscall})` : '';
    return typeof path === 'string'
      ? `cannot use ${path}: ${REASONS[code]}${action}`
      : `${REASONS[code]}${action}: ${String(message)}`;
  }
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY' || code === 'SQLITE_FULL' || code === 'SQLITE_IOERR') {
    return `SQLite: ${String(message)}`;
  }
  return null;
}
