import { describe, expect, it } from 'vitest';
import { BUILD_MAX_AGE_MS, decideBuildAge } from './buildAge';

const BUILD = '2025-06-10T12:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(BUILD) + ms).toISOString();

describe('decideBuildAge', () => {
  it('remembers the build on a first visit or when the stored value is unreadable', () => {
    expect(decideBuildAge({ storedBuildTime: null, currentBuildTime: BUILD, online: true })).toBe('remember');
    expect(decideBuildAge({ storedBuildTime: 'garbage', currentBuildTime: BUILD, online: true })).toBe(
      'remember',
    );
  });

  it('keeps everything when the caches come from the running build', () => {
    expect(decideBuildAge({ storedBuildTime: BUILD, currentBuildTime: BUILD, online: true })).toBe('keep');
  });

  it('only remembers a build at most 24 hours newer', () => {
    expect(decideBuildAge({ storedBuildTime: BUILD, currentBuildTime: later(60_000), online: true })).toBe(
      'remember',
    );
    expect(
      decideBuildAge({ storedBuildTime: BUILD, currentBuildTime: later(BUILD_MAX_AGE_MS), online: true }),
    ).toBe('remember');
  });

  it('resets when the stored build is more than 24 hours older than the running one', () => {
    expect(
      decideBuildAge({ storedBuildTime: BUILD, currentBuildTime: later(BUILD_MAX_AGE_MS + 1), online: true }),
    ).toBe('reset');
  });

  it('postpones the reset while offline, where the caches are all the app has', () => {
    expect(
      decideBuildAge({
        storedBuildTime: BUILD,
        currentBuildTime: later(3 * BUILD_MAX_AGE_MS),
        online: false,
      }),
    ).toBe('postpone');
  });

  it('does not reset after a rollback to an older build', () => {
    expect(
      decideBuildAge({ storedBuildTime: later(5 * BUILD_MAX_AGE_MS), currentBuildTime: BUILD, online: true }),
    ).toBe('remember');
  });

  it('never acts on an unreadable running build time', () => {
    expect(decideBuildAge({ storedBuildTime: BUILD, currentBuildTime: 'dev', online: true })).toBe('keep');
  });
});
