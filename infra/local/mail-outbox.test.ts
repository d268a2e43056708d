import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MailOutbox } from './mail-outbox';

const mail = (n: number) => ({ to: `s${n}@example.no`, subject: `Order ${n}`, text: `Order ${n}` });

describe('the local outbox', () => {
  it('keeps every mail of a burst, newest first, in memory at once and in its file once flushed', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kork-outbox-')), 'mail', 'outbox.json');
    const outbox = new MailOutbox(file);
    await Promise.all(Array.from({ length: 12 }, (_, i) => outbox.send(mail(i))));
    expect(outbox.list().map((m) => m.subject)[0]).toBe('Order 11');
    expect(outbox.list()).toHaveLength(12);
    await outbox.flush();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { subject: string }[];
    expect(saved.map((m) => m.subject)).toEqual(outbox.list().map((m) => m.subject));
    // A restarted origin shows them again, and goes on from them.
    const again = new MailOutbox(file);
    await again.send(mail(12));
    await again.flush();
    expect(
      new MailOutbox(file)
        .list()
        .map((m) => m.subject)
        .slice(0, 2),
    ).toEqual(['Order 12', 'Order 11']);
  });

  it('keeps the newest 500', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kork-outbox-')), 'outbox.json');
    const outbox = new MailOutbox(file);
    for (let i = 0; i < 510; i++) await outbox.send(mail(i));
    await outbox.flush();
    const saved = new MailOutbox(file).list();
    expect(saved).toHaveLength(500);
    expect(saved.at(-1)?.subject).toBe('Order 10');
  });
});
