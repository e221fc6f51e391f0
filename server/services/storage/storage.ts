// Where user files (avatars) are kept: one interface, two drivers. The folder under $DATA_DIR/images is the
// embedded default; an S3-compatible bucket (S3_* settings) is what several servers behind one address
// share, so that a file one of them stored is served, replaced and deleted for all.
import type { Config } from '../../config.ts'
import type { FileStorage } from './file-storage.ts'
import { createFolderStorage } from './folder.ts'
import { createS3Storage } from './s3.ts'

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createFolderStorage(config.dataDir)
}
