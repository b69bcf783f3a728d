import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A stable id for this mail (the outbox row): it becomes the Message-ID, and the outbox file
   * name, so sending it again after a crash replaces the file rather than adding another.
   */
  id?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What nodemailer sends for a message, by SMTP or into the outbox folder alike. */
function envelope(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.id ? { messageId: `<${message.id}@agritools.outbox>` } : {}),
  };
}

/**
 * nodemailer either way (docs/decisions/018-mail-outbox.md): SMTP when SMTP_URL is set, else the
 * stream transport writes each message as an .eml file under DATA_DIR/outbox.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(options.from, message));
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      mkdirSync(outbox, { recursive: true });
      const file = join(
        outbox,
        message.id
          ? `outbox-${message.id}.eml`
          : `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      // The file holds the mail's link; the log names the file and never the link, whose
      // token would let any reader of the log take over the account.
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
