import type { MailMessage } from './mail.ts';

const signature = '\n\nS pozdravom\nStavebný denník';

export function activationMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Aktivácia účtu',
    link,
    text:
      `Dobrý deň ${firstName},\n\npre Vás bol vytvorený účet. Pre dokončenie aktivácie účtu ` +
      `otvorte tento odkaz a nastavte si heslo:\n\n${link}\n\nOdkaz je platný 7 dní.${signature}`,
  };
}

export function resetMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Obnova hesla',
    link,
    text:
      `Dobrý deň ${firstName},\n\nprijali sme žiadosť o obnovu hesla k Vášmu účtu. Nové heslo ` +
      `si nastavíte na tomto odkaze:\n\n${link}\n\nOdkaz je platný 1 hodinu a dá sa použiť iba raz. ` +
      `Ak ste o obnovu nežiadali, tento e-mail ignorujte.${signature}`,
  };
}

export function passwordChangedMail(to: string, firstName: string): MailMessage {
  return {
    to,
    subject: 'Heslo bolo zmenené',
    text:
      `Dobrý deň ${firstName},\n\nheslo k Vášmu účtu bolo práve zmenené a ostatné prihlásenia ` +
      `boli ukončené. Ak ste to neboli Vy, ihneď kontaktujte administrátora.${signature}`,
  };
}
