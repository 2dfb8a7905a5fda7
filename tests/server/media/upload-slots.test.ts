import { describe, expect, it } from 'vitest';
import { createUploadSlots, UPLOADS_BUSY } from '../../../src/server/media/upload-slots.ts';

describe('upload slots', () => {
  it('hold each admin and the whole process to their caps, and free a slot once', () => {
    const slots = createUploadSlots({ perAdmin: 2, total: 3 });
    const a1 = slots.take('a');
    slots.take('a');
    expect(() => slots.take('a')).toThrow(UPLOADS_BUSY);
    slots.take('b');
    expect(() => slots.take('c')).toThrow(expect.objectContaining({ kind: 'rate_limited' }));
    a1();
    a1();
    expect(() => slots.take('b')).not.toThrow();
    expect(() => slots.take('a')).toThrow(UPLOADS_BUSY);
  });
});
