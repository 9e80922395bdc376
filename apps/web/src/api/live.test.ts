import { describe, expect, it } from 'vitest';
import { parseEvents } from './live';

describe('reading server-sent events', () => {
  it('keeps an event that has not fully arrived for the next chunk, and skips heartbeats', () => {
    const first = parseEvents(
      'retry: 3000\nevent: ready\ndata: {}\n\n: keep-alive\n\nevent: change\ndata: {"tab',
    );
    expect(first.events).toEqual([{ event: 'ready', data: '{}' }]);
    const second = parseEvents(`${first.rest}les":["notes"]}\n\n`);
    expect(second).toEqual({ events: [{ event: 'change', data: '{"tables":["notes"]}' }], rest: '' });
  });
});
