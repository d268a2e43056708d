/**
 * The local mail adapter: every message is kept in memory, newest first, for `GET /_dev/mail`, and in an
 * outbox file so that a restarted origin still shows it. The file is written after the send answers, one
 * write at a time: mails sent while a write runs are saved by the one write that follows it (a checkout
 * mailing a dozen suppliers writes the file twice, not a dozen times). `flush` waits for the last write.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
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
  private writing: Promise<void> | undefined;
  private unsaved = false;
  private lastError: unknown;

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
    this.save();
    return { messageId: `local-${Date.now()}` };
  }

  list(): readonly OutboxEntry[] {
    return this.entries;
  }

  /** Resolves once every mail sent so far is in the file; rejects if the last write failed. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.lastError) throw this.lastError;
  }

  private save(): void {
    this.unsaved = true;
    this.writing ??= this.writeUntilSaved().finally(() => {
      this.writing = undefined;
    });
  }

  private async writeUntilSaved(): Promise<void> {
    while (this.unsaved) {
      this.unsaved = false;
      try {
        // Written beside the file and renamed over it: a reader never sees half a file.
        const next = `${this.file}.next`;
        await mkdir(dirname(this.file), { recursive: true });
        await writeFile(next, JSON.stringify(this.entries));
        await rename(next, this.file);
        this.lastError = undefined;
      } catch (error) {
        this.lastError = error;
      }
    }
  }
}
