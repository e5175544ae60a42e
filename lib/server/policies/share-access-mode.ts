import "server-only";
import type { AccessMode } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";

/**
 * A share may be switched to google_required only where Google sign-in works: without it no
 * visitor could ever send there. A share that already has the mode may keep it (the owner can
 * still rename it or switch it back); its visitors and its owner are told sign-in is unavailable.
 */
export function assertAccessModeAvailable(input: { requested: AccessMode | undefined; current: AccessMode | undefined; googleEnabled: boolean }) {
  if (input.requested !== "google_required" || input.googleEnabled || input.current === "google_required") return;
  throw new AppError("validation", { details: [{ path: "accessMode", code: "custom", message: "validation.googleSignInUnavailable" }] });
}
