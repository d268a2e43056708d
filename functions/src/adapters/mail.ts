/**
 * The mail port. In the cloud mail goes through SES; the local runner installs an outbox adapter that
 * keeps every message for `GET /_dev/mail`.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { env } from '../platform/env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<{ messageId: string }>;
}

let ses: SESv2Client | undefined;

export const sesMail: MailPort = {
  async send(message) {
    ses ??= new SESv2Client({});
    const result = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: env.mailFrom(),
        Destination: { ToAddresses: [message.to] },
        ReplyToAddresses: message.replyTo ? [message.replyTo] : undefined,
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
            },
          },
        },
      }),
    );
    return { messageId: result.MessageId ?? '' };
  },
};

let installed: MailPort | undefined;

/** Replaces the SES adapter (the local runner's outbox, or a test's fake). */
export function useMail(port: MailPort | undefined): void {
  installed = port;
}

export function mail(): MailPort {
  return installed ?? sesMail;
}
