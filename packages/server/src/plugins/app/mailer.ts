import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { OutboxRepository, OutboxRow } from "./repositories/outbox-repository";

/** A message that the SMTP server refused this many times is given up (status "failed"). */
export const MAX_MAIL_ATTEMPTS = 5;
/** How often waiting messages (retries, another process's leftovers) are looked for. */
const RETRY_EVERY_MS = 30_000;

/**
 * E-mail (issue 4): every message goes to the outbox table in the transaction that caused it;
 * after the commit it is sent through SMTP_URL, or, without it, its link is printed in the log so
 * that a local user can follow it. A refused message is tried again later (see
 * OutboxRepository.claim), up to MAX_MAIL_ATTEMPTS times.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly options: { smtpUrl: string | null; from: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Sends what is pending; calls made while it runs are folded into one more round. */
  flush(): Promise<void> {
    return this.run();
  }

  /** Looks for messages due for another attempt every RETRY_EVERY_MS, until close(). */
  start(): void {
    this.timer ??= setInterval(() => void this.run(), RETRY_EVERY_MS).unref();
  }

  /** Sends what is pending once the current answer has gone out. */
  flushSoon(): void {
    setImmediate(() => void this.run());
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          for (;;) {
            const batch = await this.outbox.claim(this.transport ? 50 : 1000);
            if (batch.length === 0) break;
            if (!this.transport) {
              // No SMTP: each link goes to the log, the batch is marked in one statement.
              for (const m of batch) {
                this.log.info({ to: m.recipient, link: m.link }, `mail: ${m.subject}`);
              }
              await this.outbox.finishMany(
                batch.map((m) => m.id),
                "logged",
              );
              continue;
            }
            for (const message of batch) await this.deliver(message);
          }
        } while (this.again);
      } catch (error) {
        this.log.error({ err: error }, "outbox flush failed");
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async deliver(message: OutboxRow): Promise<void> {
    try {
      await this.transport!.sendMail({
        from: this.options.from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
      });
      await this.outbox.finish(message.id, "sent");
    } catch (error) {
      const again = message.attempts < MAX_MAIL_ATTEMPTS;
      this.log.warn(
        { err: error, to: message.recipient, attempt: message.attempts },
        again ? "mail not sent, will try again" : "mail not sent, given up",
      );
      await this.outbox.finish(
        message.id,
        again ? "pending" : "failed",
        String((error as Error).message ?? error),
      );
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.transport?.close();
  }
}
