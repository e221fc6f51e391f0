import { describe, expect, it } from 'vitest'

import { renderedAddress } from './rendered-address'

describe('renderedAddress', () => {
  it('keeps only the parameters the screen reads, sorted, as written', () => {
    expect(renderedAddress('/search?zz=1&q=a%20b&l=fr&from=2027-01-02', ['q', 'from'])).toBe(
      '/search?from=2027-01-02&q=a%20b',
    )
    expect(renderedAddress('/search?q=a+b', ['q'])).toBe('/search?q=a+b')
  })

  it('is the path alone when the screen reads none of the parameters', () => {
    expect(renderedAddress('/?l=fr&utm_source=x', [])).toBe('/')
    expect(renderedAddress('/agencies', ['l'])).toBe('/agencies')
  })

  it('gives two addresses of one screen the same answer, and two screens different ones', () => {
    const reads = ['q']
    expect(renderedAddress('/search?zz=2&q=a', reads)).toBe(renderedAddress('/search?q=a&zz=9', reads))
    expect(renderedAddress('/search?q=a', reads)).not.toBe(renderedAddress('/search?q=b', reads))
  })
})
