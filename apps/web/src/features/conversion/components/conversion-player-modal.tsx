import { useState } from 'react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { toast } from '@/lib/toast.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Modal } from '@/components/ui/modal.tsx';
import type { ConversionVideoItem } from '../api/get-conversion-videos.ts';

/** Plays a video of the list; when the browser cannot, the player is hidden and the failure said. */
export function ConversionPlayerModal({ video, onClose }: { video: ConversionVideoItem; onClose: () => void }) {
  const msg = useTexts(messageCatalogue);
  const [failed, setFailed] = useState(false);
  return (
    <Modal open title={video.nome} onClose={onClose} size="lg">
      {!failed && (
        <video
          data-testid="conversion-player"
          src={video.url}
          controls
          autoPlay
          playsInline
          preload="metadata"
          onError={() => {
            setFailed(true);
            toast.error(textsNow(messageCatalogue).videoLoadError, { toastId: `conversion-player-${video.id}` });
          }}
          className="aspect-video w-full rounded-lg bg-black"
        />
      )}
      {failed && (
        <p role="alert" className="flex items-center justify-center gap-2 py-12 text-sm font-medium text-red-600">
          <CircleAlert className="h-5 w-5" aria-hidden="true" />
          {msg.videoLoadError}
        </p>
      )}
    </Modal>
  );
}
