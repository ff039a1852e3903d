import type { ServiceContext } from '../http/types.ts'
import type { BlobStore } from './blobs.ts'

/** What every Storage handler needs: the server context and where bodies live. */
export type StorageContext = ServiceContext & { blobs: BlobStore }
