/**
 * Crash points for the recovery tests: with `SHORTVID_FAULT=<name>` in its environment the process
 * kills itself (SIGKILL, no clean-up) when it reaches that point. Unset in production.
 */
export function faultPoint(name: "after-create-commit"): void {
  if (process.env.SHORTVID_FAULT === name) process.kill(process.pid, "SIGKILL");
}
