// Plain values of the contract, shared by every part of the extension.

export const RATINGS = ['good', 'decent', 'bad'] as const;
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export const PRIVACY = { public: 0, private: 1, password: 2 } as const;

/** Rating for a score, as the contract defines it: ≥ 80 good, ≥ 50 decent, otherwise bad. */
export function ratingFromScore(score: number): (typeof RATINGS)[number] {
  if (score >= 80) return 'good';
  if (score >= 50) return 'decent';
  return 'bad';
}
