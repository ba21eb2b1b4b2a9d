import type { FastifyInstance } from 'fastify';
import { createPlaylistBody, msg, updatePlaylistBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import { ownerOf } from '../library/library.ts';
import type { PlaylistsService } from './playlists.service.ts';

export function playlistsRoutes(app: FastifyInstance, playlists: PlaylistsService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/playlists', auth, (req) => playlists.list(ownerOf(req.auth)));
  app.post('/api/playlists', auth, async (req, reply) => {
    const playlist = await playlists.create(ownerOf(req.auth), parse(createPlaylistBody, req.body ?? {}).nome);
    return reply.status(201).send({ success: true, message: msg.playlistCreated, ...playlist, playlist });
  });
  app.put('/api/playlists/:id', auth, async (req) => {
    const body = parse(updatePlaylistBody, req.body ?? {});
    const playlist = await playlists.update(ownerOf(req.auth), idParam(req.params), body);
    return { success: true, message: body.videos ? msg.playlistSaved : msg.playlistUpdated, playlist };
  });
  app.delete('/api/playlists/:id', auth, async (req) => {
    await playlists.remove(ownerOf(req.auth), idParam(req.params));
    return { success: true, message: msg.playlistDeleted };
  });
  app.get('/api/playlists/:id/videos', auth, (req) => playlists.entries(ownerOf(req.auth), idParam(req.params)));
}
