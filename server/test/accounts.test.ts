// The e-mail reader the tests use: it must read a message as a mail client does.
import { describe, expect, it } from 'vitest'

import { emlText, linkIn } from './accounts.ts'

describe('emlText', () => {
  it('keeps a line that starts with -- inside the text (a token wrapped by quoted-printable)', () => {
    const eml = [
      'Content-Type: multipart/alternative;',
      ' boundary="--_NmP-1-Part_1"',
      '',
      '----_NmP-1-Part_1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'http://127.0.0.1:8181/activate?=',
      'u=3D12&e=3Da%40haven.test&t=3DpuWQLG2mIaCbogaRzL=',
      '--tuT4WOjMbYG9BNhxWGeP11M',
      '',
      'If you did not sign up, ignore this e-mail.',
      '----_NmP-1-Part_1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>html</p>',
      '----_NmP-1-Part_1--',
      '',
    ].join('\r\n')
    const text = emlText(eml)
    expect(linkIn(text, '/activate').searchParams.get('t')).toBe(
      'puWQLG2mIaCbogaRzL--tuT4WOjMbYG9BNhxWGeP11M',
    )
    expect(text).toContain('ignore this e-mail.')
    expect(text).not.toContain('html')
  })
})
