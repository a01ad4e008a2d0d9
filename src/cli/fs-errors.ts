/**
 * File-system failures the user can fix (a folder they may not write, a full disk) in words: one
 * line naming the path, not an internal error. Node's own message ("EPERM: operation not
 * permitted, open '/x'") names the code first and the path last; people read the reverse.
 */
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  EEXIST: 'it already exists',
  ENOENT: 'no such file or folder',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many files are open',
  EIO: 'an input/output error',
};

const VERBS: Record<string, string> = { open: 'open', mkdir: 'create the folder', write: 'write', read: 'read', unlink: 'remove', rmdir: 'remove', rm: 'remove', rename: 'rename', scandir: 'list' };

/** The one line for a Node file-system error, or undefined when `error` is not one. */
export function fileSystemProblem(error: unknown): string | undefined {
  const e = error as NodeJS.ErrnoException | undefined;
  if (!e || typeof e.code !== 'string' || !(e.code in REASONS) || typeof e.syscall !== 'string') return undefined;
  const what = e.path ? ` ${e.path}` : '';
  return `cannot ${VERBS[e.syscall] ?? e.syscall}${what}: ${REASONS[e.code]} (${e.code})`;
}
