/** What tells one version of a file from the next, for those who watch the registry file. */
import { statSync } from 'node:fs';

/** `file`'s inode, size and modification time ('' when it cannot be read): a replaced file gets another stamp. */
export function fileStamp(file: string): string {
  try {
    const s = statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return '';
  }
}
