/**
 * Optional outgoing mail (SMTP_URL): password-reset and invitation links. Without SMTP the links
 * are only shown (to the operator or the inviting admin), as before. The mail carries the link, so
 * it is never logged.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

export function createMailer(smtp: Config['smtp']): Mailer | undefined {
  if (!smtp) return undefined;
  const transport = nodemailer.createTransport(smtp.url);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from: smtp.from, to, subject, text });
    },
  };
}
