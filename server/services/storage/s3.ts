// The shared driver: an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) through the AWS SDK, keys as they
// are. S3 stores each object whole: a reader sees the old one or the new one.
import type { Readable } from 'node:stream'

import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'

import type { S3Config } from '../../config.ts'
import { assertKey, type FileStorage } from './file-storage.ts'

export function createS3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default adds CRC32 checksums to every upload, which several S3-compatible stores refuse or
    // cannot check; only the calls that need one send it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request (a 500 the client may retry), rather than holding it.
    requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
  })
  const Bucket = config.bucket
  return {
    async put(key, bytes, contentType) {
      assertKey(key)
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }))
    },
    async get(key) {
      assertKey(key)
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body || !object.ETag)
          throw new Error('the store answered an object without its body or ETag')
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
          etag: object.ETag,
          lastModified: object.LastModified ?? new Date(0),
        }
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          if (error.name === 'NoSuchKey' || error.name === 'NotFound') return null
        }
        throw error
      }
    },
    async delete(key) {
      assertKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    close() {
      client.destroy()
    },
  }
}
