import { describe, expect, it } from 'vitest';
import { project, recorded } from '@buyloop/projector/spec';
import { streamSummary } from './stream-summary';

describe('stream summary projection', () => {
  it('given events of two streams, one summary each with counts, category and the last change', () => {
    const documents = project(streamSummary, [
      recorded('DeviceSubmitted', {}, 'buyback-B1', new Date('2026-03-01T10:00:00Z')),
      recorded('OrderPlaced', {}, 'order-O1', new Date('2026-03-01T10:05:00Z')),
      recorded('DeviceReceived', {}, 'buyback-B1', new Date('2026-03-02T08:00:00Z')),
      recorded('DeviceReceived', {}, 'buyback-B1', new Date('2026-03-02T08:30:00Z')),
    ]);
    expect(documents.get('buyback-B1')).toMatchObject({
      category: 'buyback',
      events: 3,
      firstEventAt: '2026-03-01T10:00:00.000Z',
      lastEventAt: '2026-03-02T08:30:00.000Z',
      lastEventType: 'DeviceReceived',
      eventTypes: { DeviceSubmitted: 1, DeviceReceived: 2 },
    });
    expect(documents.get('order-O1')).toMatchObject({ category: 'order', events: 1 });
  });
});
