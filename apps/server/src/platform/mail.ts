import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import type { Db } from './db.ts';
import { outbox } from './mail-schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the sandbox outbox that /sandbox/mail shows. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  return {
    send: async (mail) => {
      await db.insert(outbox).values(mail);
    },
  };
}

export function listOutbox(db: Db, limit = 100) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}
