import "server-only";

/** Whether a process with this id runs (one of another user's counts: signalling it is refused, not absent). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
