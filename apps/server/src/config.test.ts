import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      INTERNAL_COMPANY_ID: 1,
      SESSION_TIMEOUT_MINUTES: 30,
    });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_KEY: 'short' })).toThrow(
      /PORT[\s\S]*DATA_KEY|DATA_KEY[\s\S]*PORT/,
    );
  });
});
