import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogFields, Logger } from '@buyloop/kit';
import { caughtMailPath, openMail } from './mail';

/** A logger that keeps what it is told, as an operator would read it. */
const recording = () => {
  const lines: string[] = [];
  const keep = (message: string, fields?: LogFields) => void lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  const logger: Logger = { info: keep, warn: keep, error: keep };
  return { lines, logger };
};

describe('the embedded SMTP catcher, as the API wires it', () => {
  const opened: { close(): Promise<void> }[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const mail of opened.splice(0)) await mail.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('lists caught e-mails with their links’ secrets redacted; the whole message is in a file only this user reads', async () => {
    const root = mkdtempSync(join(tmpdir(), 'buyloop-mail-'));
    dirs.push(root);
    const config = { smtpUrl: undefined, mailFrom: 'Buyloop <obchod@buyloop.invalid>', dataDir: join(root, '.data', 'pglite') };
    const { lines, logger } = recording();
    const mail = await openMail(config, logger);
    opened.push(mail);
    const link =
      'https://shop.buyloop.invalid/prihlasit/nove-heslo?user=0b0c1f3e-8a4b-4f7e-9a51-2b8f0e6c1d2a&token=LIVE-RESET-SECRET';
    await mail.send({ to: 'ucetni@example.cz', subject: 'Obnovení hesla', text: `Nové heslo si nastavíte zde:\n${link}\n` });

    expect(lines.join('\n')).not.toContain('LIVE-RESET-SECRET');
    const caught = mail.caught()!;
    expect(caught).toHaveLength(1);
    expect(caught[0]!.text).toContain('nove-heslo?user=0b0c1f3e-8a4b-4f7e-9a51-2b8f0e6c1d2a&token=[redacted]');
    expect(JSON.stringify(caught)).not.toContain('LIVE-RESET-SECRET');

    const file = caughtMailPath(config);
    expect(file).toBe(join(root, '.data', 'caught-mail.log'));
    expect(readFileSync(file, 'utf8')).toContain(link);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(mail.description).toContain(file);
  });

  it('logs a caught e-mail by its id, subject and file: never its recipient or text, which hold personal data', async () => {
    const root = mkdtempSync(join(tmpdir(), 'buyloop-mail-'));
    dirs.push(root);
    const config = { smtpUrl: undefined, mailFrom: 'Buyloop <obchod@buyloop.invalid>', dataDir: join(root, '.data', 'pglite') };
    const { lines, logger } = recording();
    const mail = await openMail(config, logger);
    opened.push(mail);
    // What a sale's confirmation holds: the seller's address, the IMEI, the status link.
    const sent = await mail.send({
      to: 'jiri.dvorak@example.cz',
      subject: 'Potvrzení výkupu 202611220001: Apple iPhone 13',
      text: [
        'Dobrý den,',
        'kurýr si zařízení vyzvedne na adrese Jiří Dvořák, Karlovo náměstí 5, 120 00 Praha.',
        'IMEI: 490154203237518',
        'https://shop.buyloop.invalid/vykup/stav/202611220001?token=STATUS-SECRET',
      ].join('\n'),
    });
    const logged = lines.join('\n');
    expect(lines).toHaveLength(1);
    expect(logged).toContain(sent.messageId);
    expect(logged).toContain('Potvrzení výkupu 202611220001: Apple iPhone 13');
    expect(logged).toContain(caughtMailPath(config));
    for (const personal of ['jiri.dvorak', 'Dvořák', 'Karlovo', '490154203237518', 'STATUS-SECRET', 'vykup/stav'])
      expect(logged).not.toContain(personal);
    // The developer's file still has it all.
    expect(readFileSync(caughtMailPath(config), 'utf8')).toContain('490154203237518');
  });

  it('without a data directory keeps no file, and still redacts', async () => {
    const { lines, logger } = recording();
    const mail = await openMail({ smtpUrl: undefined, mailFrom: 'Buyloop <obchod@buyloop.invalid>' }, logger);
    opened.push(mail);
    await mail.send({
      to: 'eva@example.cz',
      subject: 'Stav výkupu',
      text: 'https://shop.buyloop.invalid/vykup/stav/1?token=STATUS',
    });
    expect(lines.join('\n')).not.toContain('STATUS');
    expect(mail.caught()![0]!.text.trim()).toBe('https://shop.buyloop.invalid/vykup/stav/1?token=[redacted]');
  });
});
