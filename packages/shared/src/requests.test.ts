import { describe, expect, it } from 'vitest';
import { dateFieldFormatMessage, MSG, requiredFieldMessage } from './messages';
import { cents } from './money';
import { RUSH_RESUBMIT_PRICE, requestPrice } from './pricing';
import {
  endBeforeStartMessage,
  isRequestDate,
  normalizeRequestDate,
  RequestBodySchema,
  requestsSubmittedMessage,
  splitRequestTypes,
  validateRequestInput,
} from './requests';

const valid = { patient: 1, provider: [2], user: 3, start_date: '2020-01-01', end_date: '2020-12-31' };

describe('request validation', () => {
  it('passes a complete request', () => {
    expect(validateRequestInput(valid)).toBeNull();
  });

  it('reports the first problem in the spec order and every problem by field', () => {
    const all = validateRequestInput({
      patient: null,
      provider: [],
      user: null,
      start_date: 'x',
      end_date: null,
    });
    expect(all).toEqual({
      error: MSG.noPatient,
      fields: {
        patient: MSG.noPatient,
        provider: MSG.noProvider,
        user: requiredFieldMessage('Main Contact'),
        start_date: dateFieldFormatMessage('Start Date'),
        end_date: requiredFieldMessage('End Date'),
      },
    });
    // Required fields come before date formats even when the bad date is listed first.
    expect(validateRequestInput({ ...valid, start_date: '1/1/2020', end_date: null })?.error).toBe(
      requiredFieldMessage('End Date'),
    );
  });

  it('refuses an end date before the start date; the same day is fine', () => {
    expect(validateRequestInput({ ...valid, start_date: '2021-3-5', end_date: '2021-03-04' })).toEqual({
      error: endBeforeStartMessage,
      fields: { end_date: endBeforeStartMessage },
    });
    expect(validateRequestInput({ ...valid, start_date: '2021-3-5', end_date: '2021-03-05' })).toBeNull();
  });

  it('reads dates as year-month-day with 1-2 digit month and day, real dates only', () => {
    expect(isRequestDate('2020-7-3')).toBe(true);
    expect(isRequestDate('2020-02-30')).toBe(false);
    expect(isRequestDate('07/03/2020')).toBe(false);
    expect(normalizeRequestDate('2020-7-3')).toBe('2020-07-03');
  });
});

describe('request payload', () => {
  it('accepts request types as text or a list and one or several providers', () => {
    expect(splitRequestTypes('A, B,, A ')).toEqual(['A', 'B']);
    const body = RequestBodySchema.parse({ provider: 5, request_type: ['X'], status: 'ignored', price: 1 });
    expect(body).toMatchObject({ provider: [5], request_type: ['X'], rush: false, patient: null });
    expect(body).not.toHaveProperty('status');
    expect(RequestBodySchema.parse({ provider: ['4', 4, 0, 'x'] }).provider).toEqual([4]);
  });

  it('states how many providers were submitted', () => {
    expect(requestsSubmittedMessage(1)).toBe('You submitted a request to 1 provider.');
    expect(requestsSubmittedMessage(3)).toBe('You submitted a request to 3 providers.');
  });

  it('prices a resubmit with the submit rule: a rush request of a base-priced firm is 42', () => {
    expect(requestPrice({ rush: true, requestTypes: ['Medical Records'] })).toBe(RUSH_RESUBMIT_PRICE);
    expect(requestPrice({ companyPrice: cents(5000), rush: true, requestTypes: ['Medical Records'] })).toBe(
      5700,
    );
  });
});
