import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Dashboard filters, sort and pages live in the address's query string, so a reload or a shared link
 * shows the same lists. Empty values and defaults are left out to keep the address short.
 */
export type UrlValues = Record<string, string | number | null | undefined>;

export function useUrlState(defaults: Record<string, string | number>) {
  const [params, setParams] = useSearchParams();

  const get = useCallback(
    (key: string): string => params.get(key) ?? String(defaults[key] ?? ''),
    [params, defaults],
  );

  const getNumber = useCallback(
    (key: string): number | undefined => {
      const value = Number(get(key));
      return get(key) !== '' && Number.isFinite(value) ? value : undefined;
    },
    [get],
  );

  /** Sets several values at once; a value equal to its default (or empty) is removed. */
  const set = useCallback(
    (values: UrlValues) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(values)) {
            const text = value === null || value === undefined ? '' : String(value);
            if (text === '' || text === String(defaults[key] ?? '')) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, defaults],
  );

  return { get, getNumber, set };
}

/** A page number from the address: a whole number of at least 1. */
export function pageNumber(value: number | undefined): number {
  return value && Number.isInteger(value) && value >= 1 ? value : 1;
}

/** A page size from the address, or the default when it is not one of the choices. */
export function pageSizeOf(value: number | undefined, choices: readonly number[], fallback: number): number {
  return value !== undefined && choices.includes(value) ? value : fallback;
}
