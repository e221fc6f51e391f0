// The back office's listings (docs/product.md §6, Listings): an agency's or an administrator's session only
// (./access.ts backOffice); which property is whose is the services' to check (server/services/listings/).
// The paths and schemas are the contract's (src/contract/listings.ts). An image is uploaded on its own, before
// the form that shows it is saved: checked and resized here (./image-upload.ts), kept by the file storage.
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { listingRoutes as routes } from '../../src/contract/listings.ts'
import {
  createListing,
  deleteListing,
  getListing,
  listListings,
  setListingFlags,
  updateListing,
  uploadListingImage,
} from '../../src/contract/routes.ts'
import { PROPERTY_IMAGE, PROPERTY_IMAGE_LARGE } from '../../src/domain/constants.ts'
import { PROPERTY_IMAGE_MAX_BYTES } from '../../src/domain/property-rules.ts'
import { propertyImageUrl, propertyLargeImageUrl } from '../services/catalog/images.ts'
import { keepUpload } from '../services/listings/images.ts'
import {
  createListingFor,
  deleteListingFor,
  listListingsOf,
  readListing,
  setListingFlagsFor,
  updateListingFor,
} from '../services/listings/listings.ts'
import { backOffice } from './access.ts'
import { contract } from './contract.ts'
import { readUpload, toWebp } from './image-upload.ts'

/** Per address: an agent edits listings by the dozen, never hundreds a minute. */
const WRITE_LIMIT = { rateLimit: { max: 120, timeWindow: '10 minutes' } }
/** Decoding and re-encoding costs CPU: a property's photos, a few at a time. */
const UPLOAD_LIMIT = { rateLimit: { max: 60, timeWindow: '10 minutes' } }

export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  await app.register(multipart, {
    limits: { fileSize: PROPERTY_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  })

  app.route({
    ...contract(app, routes, listListings),
    preHandler: backOffice,
    handler: (request) => listListingsOf(db, request.user, request.query),
  })

  app.route({
    ...contract(app, routes, getListing),
    preHandler: backOffice,
    handler: (request) => readListing(db, request.user, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, createListing),
    config: WRITE_LIMIT,
    preHandler: backOffice,
    handler: (request) => createListingFor(request.ctx, request.user, request.body),
  })

  app.route({
    ...contract(app, routes, updateListing),
    config: WRITE_LIMIT,
    preHandler: backOffice,
    handler: (request) =>
      updateListingFor(request.ctx, request.user, Number(request.params.id), request.body),
  })

  app.route({
    ...contract(app, routes, setListingFlags),
    config: WRITE_LIMIT,
    preHandler: backOffice,
    handler: (request) =>
      setListingFlagsFor(request.ctx, request.user, Number(request.params.id), request.body),
  })

  app.route({
    ...contract(app, routes, deleteListing),
    config: WRITE_LIMIT,
    preHandler: backOffice,
    handler: (request) => deleteListingFor(request.ctx, request.user, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, uploadListingImage),
    config: UPLOAD_LIMIT,
    // Checked before the body is read: a renter's or a visitor's upload is never decoded.
    preHandler: backOffice,
    handler: async (request) => {
      const [small, large] = await toWebp(await readUpload(request, PROPERTY_IMAGE_MAX_BYTES), [
        PROPERTY_IMAGE,
        PROPERTY_IMAGE_LARGE,
      ])
      const file = await keepUpload(request.ctx, request.user.id, small!, large!)
      return { file, small: propertyImageUrl(file), large: propertyLargeImageUrl(file) }
    },
  })
}
