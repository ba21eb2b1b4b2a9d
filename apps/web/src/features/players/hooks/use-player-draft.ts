import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_PLAYER_SETTINGS, type PlayerSettings, type PlayerSettingsBody } from '@painel/contract';

export type PlayerDraft = PlayerSettingsBody;

const toDraft = (s: PlayerSettings): PlayerDraft => ({
  player_type: s.player_type,
  watermark: { enabled: s.watermark.enabled, logo_id: s.watermark.logo_id, position: s.watermark.position, opacity: s.watermark.opacity },
});

const same = (a: PlayerDraft, b: PlayerDraft) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The settings being edited: the saved settings until the user changes something, the edited
 * copy after that, and the saved settings again once they equal it (after a save).
 */
export function usePlayerDraft(saved: PlayerSettings | undefined) {
  const base = useMemo(() => toDraft(saved ?? DEFAULT_PLAYER_SETTINGS), [saved]);
  const [edited, setEdited] = useState<PlayerDraft | null>(null);

  useEffect(() => {
    if (edited && same(edited, base)) setEdited(null);
  }, [edited, base]);

  const draft = edited ?? base;
  return {
    draft,
    dirty: edited !== null && !same(edited, base),
    setPlayerType: (player_type: PlayerDraft['player_type']) => setEdited((d) => ({ ...(d ?? base), player_type })),
    setWatermark: (patch: Partial<PlayerDraft['watermark']>) =>
      setEdited((d) => {
        const cur = d ?? base;
        return { ...cur, watermark: { ...cur.watermark, ...patch } };
      }),
    reset: () => setEdited(null),
  };
}
