// The spec's 24-hour rule: decide from the stored and the running build timestamps whether caches are stale.
export const BUILD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * - `remember`: store the running build's timestamp, nothing to clear (first visit, or a build less than 24 h newer);
 * - `keep`: the caches were filled by this very build;
 * - `reset`: the caches were filled by a build more than 24 h older than the one running: clear them;
 * - `postpone`: a reset is due but the device is offline, where clearing the caches would leave no app to open.
 */
export type BuildAgeDecision = 'remember' | 'keep' | 'reset' | 'postpone';

export interface BuildAgeInput {
  storedBuildTime: string | null;
  currentBuildTime: string;
  online: boolean;
}

export function decideBuildAge({
  storedBuildTime,
  currentBuildTime,
  online,
}: BuildAgeInput): BuildAgeDecision {
  const current = Date.parse(currentBuildTime);
  if (Number.isNaN(current)) return 'keep';
  const stored = storedBuildTime === null ? Number.NaN : Date.parse(storedBuildTime);
  if (Number.isNaN(stored)) return 'remember';
  if (stored === current) return 'keep';
  if (current - stored <= BUILD_MAX_AGE_MS) return 'remember';
  return online ? 'reset' : 'postpone';
}
