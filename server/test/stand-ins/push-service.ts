// A web push service on 127.0.0.1 over HTTPS (web-push speaks nothing else), with a self-signed certificate
// made by openssl for this run: a server reaches it when its origin is in PUSH_TRUSTED_ORIGINS and it trusts
// that certificate (buildApp's pushCertificate).
// It keeps every push it receives; an endpoint under /gone/ answers 410, as a push service does for a
// subscription the browser dropped, and one listed in `refusing` answers 503, as a push service that is down. Also the browser's half of a subscription: its keys, and the decryption
// of an aes128gcm payload (RFC 8291) and the check of the VAPID signature (RFC 8292) a push service makes.
import { execFileSync } from 'node:child_process'
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

async function readRaw(request: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface PushServiceStandIn {
  /** `https://127.0.0.1:{port}` */
  url: string
  /** This stand-in's self-signed certificate (PEM), to be trusted. */
  certificate: string
  received: ReceivedPush[]
  /** Paths answered 503 while listed here (kept in `received` too). */
  refusing: Set<string>
  /** The TCP connections opened to it, TLS or not, request or not. */
  connections: number
  close(): Promise<void>
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'haven-push-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const { key, cert } = selfSignedCertificate()
  const received: ReceivedPush[] = []
  const refusing = new Set<string>()
  const sockets = new Set<Socket>()
  const server = createServer({ key, cert }, (request, response) => {
    void readRaw(request).then(
      (body) => {
        const path = new URL(request.url ?? '/', 'https://127.0.0.1').pathname
        received.push({ path, headers: request.headers, body })
        response.writeHead(path.startsWith('/gone/') ? 410 : refusing.has(path) ? 503 : 201)
        response.end()
      },
      () => response.destroy(),
    )
  })
  let connections = 0
  server.on('connection', () => {
    connections += 1
  })
  server.on('secureConnection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}`,
    certificate: cert,
    received,
    refusing,
    get connections() {
      return connections
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A browser's subscription keys: what it sends the server, and the private half it decrypts with. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    json: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    /** The plaintext of an aes128gcm push body (one record, as web-push sends). */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16)
      const idLength = body.readUInt8(20)
      const serverKey = body.subarray(21, 21 + idLength)
      const ciphertext = body.subarray(21 + idLength)
      const shared = ecdh.computeSecret(serverKey)
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey])
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32))
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16))
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12))
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ])
      // The last record ends with the delimiter 0x02, then zero padding.
      const end = padded.lastIndexOf(2)
      return padded.subarray(0, end).toString('utf8')
    },
  }
}

/**
 * The claims of a push's VAPID `Authorization: vapid t=…, k=…` header once its ES256 signature checks
 * against `k`; throws when it does not.
 */
export function verifyVapid(authorization: string): { claims: Record<string, unknown>; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization)
  if (!match) throw new Error(`not a VAPID header: ${authorization}`)
  const [, token, key] = match as unknown as [string, string, string]
  const [header, payload, signature] = token.split('.') as [string, string, string]
  const point = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) throw new Error('VAPID signature does not verify')
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg: string }).alg
  if (alg !== 'ES256') throw new Error(`VAPID alg ${alg}`)
  return {
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
    key,
  }
}
