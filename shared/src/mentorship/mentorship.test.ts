import { describe, expect, it } from 'vitest';
import { achievementsFrom, progressPercent } from './mentorship.js';

describe('progressPercent', () => {
  it('rounds to a whole percent; nothing of nothing is 0', () => {
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(15, 15)).toBe(100);
  });
});

describe('achievementsFrom', () => {
  const earned = (...args: Parameters<typeof achievementsFrom>) =>
    achievementsFrom(...args)
      .filter((a) => a.earned)
      .map((a) => a.id);
  it('earns nothing before the first lesson', () => {
    expect(
      earned([{ category: 'fundamentals', progress: 0 }], { completedLessons: 0, totalLessons: 3, percent: 0 }),
    ).toEqual([]);
  });
  it('follows the completions: a finished risk course, half the vault, all of it', () => {
    const courses = [
      { category: 'risk-management' as const, progress: 100 },
      { category: 'analysis' as const, progress: 0 },
    ];
    expect(earned(courses, { completedLessons: 3, totalLessons: 6, percent: 50 })).toEqual([
      'first-lesson',
      'first-course',
      'risk-manager',
      'halfway',
    ]);
    expect(earned(courses, { completedLessons: 6, totalLessons: 6, percent: 100 })).toContain('vault-master');
  });
});
