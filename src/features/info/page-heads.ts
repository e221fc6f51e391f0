// What the information screens call themselves: their heading and lead line, which are also the title and
// description a search engine or a link preview reads of the page before any script runs (the build writes
// them out for the server: src/app/prerender.tsx, server/pages/).
import { msg } from '@lingui/core/macro'

export const ABOUT_HEAD = {
  title: msg`About Haven`,
  lead: msg`Haven connects renters with agencies that have homes to let, from a weekend in town to a year in the country.`,
}

export const CONTACT_HEAD = {
  title: msg`Contact us`,
  lead: msg`A question about a property, a booking or your account? We answer day and night.`,
}

export const TOS_HEAD = {
  title: msg`Terms of Use`,
  lead: msg`The rules that apply when you use Haven to find and book a property.`,
}

export const PRIVACY_HEAD = {
  title: msg`Privacy`,
  lead: msg`What we keep about you, why, and how to have it removed.`,
}

export const COOKIE_POLICY_HEAD = {
  title: msg`Cookie policy`,
  lead: msg`Haven uses as little browser storage as it can, and no advertising trackers.`,
}
