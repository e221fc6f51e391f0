// "Properties in {place}", the link of a place's pin on the map. French puts a place name's article to work
// ("dans le Marais", "aux Batignolles", but "à Paris", "à La Rochelle"), so the message is given the name's
// leading article and the rest of the name apart, and each language's catalog chooses by them.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

const PROPERTIES_IN = msg({
  message: 'Properties in {name}',
  comment:
    'name: a place (Paris, Le Marais). article: its leading article, lowercased (le, la, les, l) or none; rest: the name after it (Marais).',
})

export interface PlaceName {
  name: string
  article: 'le' | 'la' | 'les' | 'l' | 'none'
  rest: string
}

/** A place's name with its leading article apart: "Le Marais" is le + "Marais"; "Paris" has none. */
export function placeName(name: string): PlaceName {
  const words = /^(le|la|les)\s+(\S.*)$/i.exec(name)
  if (words) return { name, article: words[1]!.toLowerCase() as PlaceName['article'], rest: words[2]! }
  const elided = /^l['’](\S.*)$/i.exec(name)
  if (elided) return { name, article: 'l', rest: elided[1]! }
  return { name, article: 'none', rest: name }
}

export function propertiesIn(i18n: I18n, place: string): string {
  const { name, article, rest } = placeName(place)
  return i18n._({ ...PROPERTIES_IN, values: { name, article, rest } })
}
