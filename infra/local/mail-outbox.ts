/** The local mail adapter: every message is kept in an outbox file, newest first, for `GET /_dev/mail`. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MailMessage, MailPort } from '@kork/functions/adapters/mail';

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  sentAt: string;
}

const KEEP = 500;

export class MailOutbox implements MailPort {
  private entries: OutboxEntry[];

  constructor(private readonly file: string) {
    this.entries = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OutboxEntry[]) : [];
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    this.entries.unshift({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      sentAt: new Date().toISOString(),
    });
    this.entries = this.entries.slice(0, KEEP);
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(this.entries, null, 2));
    return { messageId: `local-${Date.now()}` };
  }

  list(): readonly OutboxEntry[] {
    return this.entries;
  }
}
