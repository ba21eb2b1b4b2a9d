import type { FastifyInstance } from 'fastify';
import { folderIdQuery } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import { ownerOf } from '../library/library.ts';
import type { ConversionService } from './conversion.service.ts';

/** Video conversion: the qualities, a folder's videos with their conversions, one video's status, and starting one. */
export function conversionRoutes(app: FastifyInstance, conversion: ConversionService): void {
  const auth = { preHandler: app.requireAuth };

  app.get('/api/conversion/qualities', auth, (req) => ({ success: true, qualities: conversion.qualities(ownerOf(req.auth)) }));
  app.get('/api/conversion/videos', auth, async (req) => ({
    success: true, videos: await conversion.videos(ownerOf(req.auth), parse(folderIdQuery, req.query).folder_id),
  }));
  app.get('/api/conversion/status/:id', auth, async (req) => ({
    success: true, conversion_status: await conversion.status(ownerOf(req.auth), idParam(req.params)),
  }));
  // the body is read against the video it names (the custom bitrate may not pass the video's own)
  app.post('/api/conversion/convert', auth, (req) => conversion.convert(ownerOf(req.auth), req.body ?? {}));
}
