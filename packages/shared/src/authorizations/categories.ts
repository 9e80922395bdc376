import { SENSITIVE_CATEGORIES, type SensitiveCategory } from './elements';

/**
 * Which sensitive category a requested record type (or a category name sent to the validator) falls in.
 * Request types are rows staff can rename (decision 018), so the words are matched rather than exact names.
 */
const PATTERNS: [SensitiveCategory, RegExp][] = [
  ['psychotherapy_notes', /psychotherapy/i],
  [
    'substance_use',
    /substance|alcohol|\bdrug (abuse|treatment)|chemical dependency|addiction|\bsud\b|part 2|detox/i,
  ],
  ['hiv', /\bhiv\b|\baids\b/i],
  ['mental_health', /mental|psychiatr|behaviou?ral health|counsel/i],
];

export function sensitiveCategoryOf(name: string): SensitiveCategory | null {
  const exact = SENSITIVE_CATEGORIES.find((c) => c === name.trim().toLowerCase());
  if (exact) return exact;
  return PATTERNS.find(([, pattern]) => pattern.test(name))?.[0] ?? null;
}

/** The sensitive categories among record type names, once each, in a fixed order. */
export function sensitiveCategoriesOf(names: readonly string[]): SensitiveCategory[] {
  const found = new Set(names.map(sensitiveCategoryOf).filter((c): c is SensitiveCategory => c !== null));
  return SENSITIVE_CATEGORIES.filter((c) => found.has(c));
}
