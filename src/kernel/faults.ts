/**
 * Crash points for the recovery tests: with `SHORTVID_FAULT=<name>` in its environment the process
 * kills itself (SIGKILL, no clean-up) when it reaches that point. Unset in production.
 */
export function faultPoint(name: "after-create-commit"): void {
  if (process.env.SHORTVID_FAULT === name) process.kill(process.pid, "SIGKILL");
}

/**
 * Disk faults for the fault tests: with `SHORTVID_FAULT=disk-full-on-store` storing a finished video's
 * MP4 fails with ENOSPC where it stands, as a full disk would fail it (other files, stored earlier, are
 * written, so the test also sees what a failure leaves of them). Unset in production.
 */
export function diskFault(name: "store", key: string): void {
  if (process.env.SHORTVID_FAULT === `disk-full-on-${name}` && /^vid_[A-Za-z0-9]+\.mp4$/.test(key)) {
    throw Object.assign(new Error("ENOSPC: no space left on device, write (SHORTVID_FAULT)"), { code: "ENOSPC" });
  }
}
