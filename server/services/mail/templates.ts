// The account e-mails in both languages (docs/product.md §7: activation and password reset), in one module so
// a translator sees every text at once. Plain text is the message; the HTML part says the same with a link.
import type { Language } from '../../../src/domain/enums.ts'
import { flattened } from '../../../src/domain/input-rules.ts'

export type AccountEmailKind = 'activation' | 'passwordReset'

interface Texts {
  subject: string
  greeting: (name: string) => string
  body: string
  action: string
  ignore: string
  signature: string
}

const TEXTS: Record<AccountEmailKind, Record<Language, Texts>> = {
  activation: {
    en: {
      subject: 'Activate your Haven account',
      greeting: (name) => `Hello ${quoted(name, 'en')},`,
      body: 'Welcome to Haven. To activate your account, open this link within one day:',
      action: 'Activate my account',
      ignore: 'If you did not sign up for Haven, ignore this e-mail.',
      signature: 'The Haven team',
    },
    fr: {
      subject: 'Activez votre compte Haven',
      greeting: (name) => `Bonjour ${quoted(name, 'fr')},`,
      body: 'Bienvenue sur Haven. Pour activer votre compte, ouvrez ce lien dans un délai d’un jour\u00a0:',
      action: 'Activer mon compte',
      ignore: 'Si vous ne vous êtes pas inscrit sur Haven, ignorez cet e-mail.',
      signature: 'L’équipe Haven',
    },
  },
  passwordReset: {
    en: {
      subject: 'Reset your Haven password',
      greeting: (name) => `Hello ${quoted(name, 'en')},`,
      body: 'You asked to reset the password of your Haven account. To choose a new one, open this link within one day:',
      action: 'Choose a new password',
      ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      signature: 'The Haven team',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe Haven',
      greeting: (name) => `Bonjour ${quoted(name, 'fr')},`,
      body: 'Vous avez demandé à réinitialiser le mot de passe de votre compte Haven. Pour en choisir un nouveau, ouvrez ce lien dans un délai d’un jour\u00a0:',
      action: 'Choisir un nouveau mot de passe',
      ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
      signature: 'L’équipe Haven',
    },
  },
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/**
 * What a person wrote (a name), as a Haven e-mail shows it: on one line and between quotes, so that it never
 * reads as Haven's own words. The schemas refuse a line break in it already; a name no rule checked (a
 * provider's, an older row) is flattened here all the same.
 */
export const quoted = (value: string, language: Language) =>
  language === 'fr' ? `«\u00a0${flattened(value)}\u00a0»` : `“${flattened(value)}”`

export interface RenderedEmail {
  subject: string
  text: string
  html: string
}

/** The e-mail of `kind` for `name`, in `language`, carrying `link`. */
export function accountEmail(
  kind: AccountEmailKind,
  language: Language,
  { name, link }: { name: string; link: string },
): RenderedEmail {
  const t = TEXTS[kind][language]
  const text = [t.greeting(name), '', t.body, '', link, '', t.ignore, '', t.signature, ''].join('\n')
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>
<p style="word-break: break-all">${escapeHtml(link)}</p>
<p>${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>
`
  return { subject: t.subject, text, html }
}
