// French grammar the server's texts need around a name they do not know: the demo data's descriptions and the
// booking notifications and e-mails (server/services/bookings/).

/** Elides before a vowel sound: "de" + "une place" is "d’une place". Names from English keep their h. */
const elides = (word: string) => /^[aeiouyàâéèêëîïôûœ]/i.test(word)

/**
 * "de" or "à" before a noun group or a place name, as French writes it: the article contracts ("du
 * mobilier", "au Marais", "des Vignes", "aux Halles") and the vowel elides ("d’une place", "à l’Est").
 * A place's article is part of its name (Le Marais) and loses its capital there.
 */
export function withPreposition(preposition: 'de' | 'à', words: string): string {
  const [, article, rest] = /^(le|les|la|l’)(?:\s|(?<=’))(.*)$/i.exec(words) ?? []
  if (article !== undefined && rest !== undefined) {
    const lower = article.toLowerCase()
    if (lower === 'le') return `${preposition === 'de' ? 'du' : 'au'} ${rest}`
    if (lower === 'les') return `${preposition === 'de' ? 'des' : 'aux'} ${rest}`
    return `${preposition} ${lower === 'la' ? 'la ' : 'l’'}${rest}`
  }
  return preposition === 'de' && elides(words) ? `d’${words}` : `${preposition} ${words}`
}
