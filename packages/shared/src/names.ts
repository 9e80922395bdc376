import { z } from 'zod';
import { COMPANY_NAME_LIMITS, type NameLimits, nameProblem, PERSON_NAME_LIMITS } from './name-rules';

/** zod schemas for the name rules in name-rules.ts (plain text, bounded). */
function nameSchema(label: string, limits: NameLimits, optional = false) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = nameProblem(value, label, limits, optional);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** A company's name: 2 to 120 characters of plain text. */
export const CompanyNameSchema = nameSchema('Company name', COMPANY_NAME_LIMITS);
/** A required first or last name: 1 to 60 characters of plain text. */
export const personNameSchema = (label: string) => nameSchema(label, PERSON_NAME_LIMITS);
/** A first or last name that may be left blank (user form, invite grid). */
export const optionalPersonNameSchema = (label: string) =>
  nameSchema(label, PERSON_NAME_LIMITS, true).nullish();
