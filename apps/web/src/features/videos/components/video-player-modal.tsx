import { Modal } from '@/components/ui/modal.tsx';

/** Plays a library video in the page (HTML5 <video>); `onFail` when the browser cannot. */
export function VideoPlayerModal({
  title, url, onClose, onFail,
}: {
  title: string;
  url: string;
  onClose: () => void;
  onFail: () => void;
}) {
  return (
    <Modal open title={title} onClose={onClose} size="lg">
      <video
        data-testid="video-player"
        src={url}
        controls
        autoPlay
        playsInline
        preload="metadata"
        onError={onFail}
        className="aspect-video w-full rounded-lg bg-black"
      />
    </Modal>
  );
}
